//! Every command's output: [`Output`], opened before the work starts and committed with
//! [`Output::finish`] when the whole output is good.
//!
//! Where the bytes go depends on what the path is (symbolic links followed):
//!
//! - `-`: standard output, streamed. Errors name it `<stdout>`.
//! - Something that is not a regular file (`/dev/null`, `/dev/full`, a FIFO, a terminal,
//!   `/dev/stdout` when standard output is one of those): written through the path, as a shell's
//!   `>` would; nothing is renamed or removed.
//! - A regular file, or nothing yet: the output is written to a temporary file beside the real
//!   file (beside a symbolic link's final target, so the link survives) and put in place only by
//!   [`Output::finish`], so a failed command leaves the old file as it was. An existing file
//!   keeps its permission mode and, where the process may set it, its owner and group. A file
//!   with more than one hard link keeps its links: the complete temporary file is copied into the
//!   file in place, then removed (a failure while copying, which only a full disk should cause,
//!   leaves that file incomplete, and the error says so). The same in-place copy is used for an
//!   existing, writable file in a folder where no temporary file can be made; the temporary file
//!   then goes to the system's temporary folder.
//!
//! The path is checked when it is opened, before the work: a directory, a folder that cannot be
//! written, a file that cannot be written are errors then. Missing parent folders are created.
//! Dropping an `Output` without finishing it removes its temporary file and writes nothing more.

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, BufWriter, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use crate::error::{note_stdout_error, CliError, STDOUT_NAME};

/// How many symbolic links are followed before the path is said to loop (Linux's limit).
const MAX_LINKS: usize = 40;

/// A streaming output: `impl Write`, then [`Output::finish`].
#[derive(Debug)]
pub struct Output {
    /// The path as the user gave it, for messages (`<stdout>` for standard output).
    name: PathBuf,
    /// Where the bytes go; `None` once finished or dropped.
    sink: Option<Sink>,
}

#[derive(Debug)]
enum Sink {
    /// Standard output.
    Stdout(BufWriter<io::Stdout>),
    /// A device, a FIFO, anything that is not a regular file: written through its path.
    Through(BufWriter<File>),
    /// A regular file (or a new one), written under a temporary name first.
    Staged(Box<Staged>),
}

#[derive(Debug)]
struct Staged {
    /// The temporary file being written.
    temp_file: BufWriter<File>,
    /// Its path.
    temp: PathBuf,
    /// The real file, symbolic links resolved.
    dest: PathBuf,
    /// The file that is there already.
    existing: Option<Existing>,
}

#[derive(Debug)]
struct Existing {
    /// The file, opened for writing (not truncated) when the output was opened, which also
    /// checks that it may be written.
    file: File,
    /// Its mode, owner and link count.
    metadata: Metadata,
    /// Copy the output into the file in place instead of renaming over it.
    in_place: bool,
}

impl Output {
    /// Opens the output at `path` (`-` for standard output), checking it can be written.
    pub fn open(path: &Path) -> Result<Output, CliError> {
        if path == Path::new("-") {
            return Ok(Output {
                name: PathBuf::from(STDOUT_NAME),
                sink: Some(Sink::Stdout(BufWriter::new(io::stdout()))),
            });
        }
        let fail = |source: io::Error| CliError::Io {
            path: path.to_path_buf(),
            source,
        };
        let sink = open_sink(path).map_err(fail)?;
        Ok(Output {
            name: path.to_path_buf(),
            sink: Some(sink),
        })
    }

    /// The output's name for messages: the path as given, `<stdout>` for standard output.
    pub fn name(&self) -> &Path {
        &self.name
    }

    /// Writes everything still buffered and puts a staged file in place (keeping the old
    /// file's mode, owner and links). An error names the output; its temporary file is gone.
    pub fn finish(mut self) -> Result<(), CliError> {
        let name = self.name.clone();
        let fail = |source: io::Error| CliError::Io { path: name, source };
        match self.sink.take() {
            None => Ok(()),
            Some(Sink::Stdout(mut out)) => out.flush().map_err(note_stdout_error).map_err(fail),
            Some(Sink::Through(mut out)) => out.flush().map_err(fail),
            Some(Sink::Staged(staged)) => {
                let temp = staged.temp.clone();
                let result = (*staged).commit();
                // Whatever happened, the temporary file must not stay behind (after a rename
                // it is gone already and this fails harmlessly).
                let _ = fs::remove_file(&temp);
                result.map_err(fail)
            }
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            Some(Sink::Stdout(out)) => out.write(buf).map_err(note_stdout_error),
            Some(Sink::Through(out)) => out.write(buf),
            Some(Sink::Staged(staged)) => staged.temp_file.write(buf),
            None => Err(io::Error::other("the output is closed")),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match &mut self.sink {
            Some(Sink::Stdout(out)) => out.write_all(buf).map_err(note_stdout_error),
            Some(Sink::Through(out)) => out.write_all(buf),
            Some(Sink::Staged(staged)) => staged.temp_file.write_all(buf),
            None => Err(io::Error::other("the output is closed")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Some(Sink::Stdout(out)) => out.flush().map_err(note_stdout_error),
            Some(Sink::Through(out)) => out.flush(),
            Some(Sink::Staged(staged)) => staged.temp_file.flush(),
            None => Ok(()),
        }
    }
}

impl Drop for Output {
    /// An output dropped unfinished (the command failed) writes nothing more: what is still
    /// buffered is discarded and a temporary file is removed.
    fn drop(&mut self) {
        match self.sink.take() {
            Some(Sink::Stdout(out)) => drop(out.into_parts()),
            Some(Sink::Through(out)) => drop(out.into_parts()),
            Some(Sink::Staged(staged)) => {
                drop(staged.temp_file.into_parts());
                // Nothing more can be done if it cannot be removed.
                let _ = fs::remove_file(&staged.temp);
            }
            None => {}
        }
    }
}

impl Staged {
    /// Puts the complete temporary file in place of the real one.
    fn commit(self) -> io::Result<()> {
        let temp_file = self.temp_file.into_inner().map_err(|e| e.into_error())?;
        temp_file.sync_all()?;
        match self.existing {
            None => fs::rename(&self.temp, &self.dest),
            Some(existing) if existing.in_place => copy_in_place(&self.temp, existing.file),
            Some(existing) => {
                fs::set_permissions(&self.temp, existing.metadata.permissions())?;
                keep_owner(&temp_file, &existing.metadata);
                fs::rename(&self.temp, &self.dest)
            }
        }
    }
}

/// Copies the complete output into the existing file, which keeps its inode: its hard links,
/// mode and owner.
fn copy_in_place(temp: &Path, mut file: File) -> io::Result<()> {
    let mut source = File::open(temp)?;
    let copied = file
        .set_len(0)
        .and_then(|()| file.rewind())
        .and_then(|()| io::copy(&mut source, &mut file))
        .and_then(|_| file.sync_all());
    copied.map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("{e} while copying the output into the file in place: it is incomplete"),
        )
    })
}

/// Gives the temporary file the old file's owner and group, where the process may (as root);
/// otherwise it keeps the process's, as any new file would.
#[cfg(unix)]
fn keep_owner(temp: &File, old: &Metadata) {
    use std::os::unix::fs::MetadataExt;
    let _ = std::os::unix::fs::fchown(temp, Some(old.uid()), Some(old.gid()));
}

#[cfg(not(unix))]
fn keep_owner(_temp: &File, _old: &Metadata) {}

/// How many names the file has.
#[cfg(unix)]
fn link_count(metadata: &Metadata) -> u64 {
    use std::os::unix::fs::MetadataExt;
    metadata.nlink()
}

#[cfg(not(unix))]
fn link_count(_metadata: &Metadata) -> u64 {
    1
}

fn open_sink(path: &Path) -> io::Result<Sink> {
    if path.as_os_str().is_empty() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "an empty path"));
    }
    let dest = resolve_links(path)?;
    match fs::metadata(&dest) {
        Ok(metadata) if metadata.is_dir() => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "is a directory, not a file",
        )),
        Ok(metadata) if !metadata.is_file() => {
            // A device, a FIFO, a socket: written through, as the shell's `>` writes.
            let file = OpenOptions::new().write(true).open(&dest)?;
            Ok(Sink::Through(BufWriter::new(file)))
        }
        Ok(metadata) => {
            let file = OpenOptions::new().write(true).open(&dest)?;
            let in_place = link_count(&metadata) > 1;
            let existing = Existing {
                file,
                metadata,
                in_place,
            };
            stage(dest, Some(existing))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            if let Some(parent) = dest.parent().filter(|p| !p.as_os_str().is_empty()) {
                fs::create_dir_all(parent).map_err(|e| {
                    io::Error::new(
                        e.kind(),
                        format!("cannot create the folder {}: {e}", parent.display()),
                    )
                })?;
            }
            stage(dest, None)
        }
        Err(e) => Err(e),
    }
}

/// Creates the temporary file beside `dest`; for an existing file in a folder that refuses it,
/// in the system's temporary folder, to be copied in place.
fn stage(dest: PathBuf, mut existing: Option<Existing>) -> io::Result<Sink> {
    let folder = match dest.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    // At most 100 characters of the name, so that the temporary name fits where it does.
    let name: String = dest.file_name().map_or_else(
        || "output".into(),
        |n| n.to_string_lossy().chars().take(100).collect(),
    );
    let (temp_file, temp) = match create_temp(&folder, &name) {
        Ok(created) => created,
        Err(e) => match &mut existing {
            Some(existing) if e.kind() != io::ErrorKind::NotFound => {
                existing.in_place = true;
                create_temp(&std::env::temp_dir(), &name)?
            }
            _ => {
                return Err(io::Error::new(
                    e.kind(),
                    format!(
                        "cannot create a file in the folder {}: {e}",
                        folder.display()
                    ),
                ))
            }
        },
    };
    Ok(Sink::Staged(Box::new(Staged {
        temp_file: BufWriter::new(temp_file),
        temp,
        dest,
        existing,
    })))
}

/// A new file `.NAME.PID-N.rosetta-tmp` in `folder`, never one that exists.
fn create_temp(folder: &Path, name: &str) -> io::Result<(File, PathBuf)> {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let temp = folder.join(format!(".{name}.{}-{n}.rosetta-tmp", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((file, temp)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 1000 => continue,
            Err(e) => return Err(e),
        }
    }
}

/// The path with symbolic links at its end followed to what they finally name (which may not
/// exist yet: a dangling link's target is where the file will be made).
fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let target = fs::read_link(&current)?;
                current = match current.parent() {
                    Some(parent) if target.is_relative() => parent.join(target),
                    _ => target,
                };
            }
            Ok(_) => return Ok(current),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(current),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        "too many levels of symbolic links",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(path: &Path) -> String {
        fs::read_to_string(path).unwrap_or_default()
    }

    fn leftovers(dir: &Path) -> Vec<String> {
        fs::read_dir(dir)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| n.ends_with(".rosetta-tmp"))
                    .collect()
            })
            .unwrap_or_default()
    }

    #[test]
    fn a_new_file_appears_only_when_finished() -> Result<(), Box<dyn std::error::Error>> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("sub/out.txt");
        let mut out = Output::open(&path)?;
        out.write_all(b"hello")?;
        assert!(!path.exists());
        out.finish()?;
        assert_eq!(read(&path), "hello");
        assert!(leftovers(&dir.path().join("sub")).is_empty());
        Ok(())
    }

    #[test]
    fn a_dropped_output_leaves_the_old_file_and_no_temporary_file(
    ) -> Result<(), Box<dyn std::error::Error>> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("out.txt");
        fs::write(&path, "old")?;
        let mut out = Output::open(&path)?;
        out.write_all(&[b'x'; 100_000])?;
        drop(out);
        assert_eq!(read(&path), "old");
        assert!(leftovers(dir.path()).is_empty());
        Ok(())
    }

    #[test]
    fn a_directory_is_refused_when_opened() -> Result<(), Box<dyn std::error::Error>> {
        let dir = tempfile::tempdir()?;
        let error = Output::open(dir.path()).err().map(|e| e.to_string());
        assert!(
            error
                .as_deref()
                .is_some_and(|e| e.contains("is a directory")),
            "{error:?}"
        );
        assert!(leftovers(dir.path()).is_empty());
        Ok(())
    }

    #[cfg(unix)]
    #[test]
    fn links_mode_and_hard_links_survive() -> Result<(), Box<dyn std::error::Error>> {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let dir = tempfile::tempdir()?;
        let real = dir.path().join("real.txt");
        fs::write(&real, "old")?;
        fs::set_permissions(&real, fs::Permissions::from_mode(0o600))?;
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink("real.txt", &link)?;
        let mut out = Output::open(&link)?;
        out.write_all(b"new")?;
        out.finish()?;
        assert!(fs::symlink_metadata(&link)?.file_type().is_symlink());
        assert_eq!(read(&real), "new");
        assert_eq!(fs::metadata(&real)?.permissions().mode() & 0o777, 0o600);

        let other = dir.path().join("other.txt");
        fs::hard_link(&real, &other)?;
        let mut out = Output::open(&real)?;
        out.write_all(b"newer")?;
        out.finish()?;
        assert_eq!(read(&other), "newer");
        assert_eq!(fs::metadata(&real)?.ino(), fs::metadata(&other)?.ino());
        assert!(leftovers(dir.path()).is_empty());
        Ok(())
    }
}
