//! Which web pages may use the server: the `Origin` a browser sends, checked against
//! [`AllowedOrigins`].
//!
//! Flecs answers every request with `Access-Control-Allow-Origin: *`, so any page a user visits
//! can read the world and, since the write routes are on, change it. Here only these origins are
//! allowed by default:
//!
//! - `https://www.flecs.dev` and `https://flecs.dev`, where the Flecs explorer is served
//!   (`https://www.flecs.dev/explorer/`);
//! - loopback pages: `http` or `https` on `localhost`, `127.0.0.1` or `[::1]`, any port (an
//!   explorer served locally, a tool of the user's own).
//!
//! `rosetta serve --allow-origin ORIGIN` (repeatable) adds one ([`AllowedOrigins::allow`]);
//! `--allow-origin '*'` allows every origin, as Flecs does.
//!
//! For an allowed origin the reply carries `Access-Control-Allow-Origin: <origin>` (`*` when
//! every origin is allowed), and a preflight also `Access-Control-Allow-Private-Network: true`
//! (Chrome asks a public page such as flecs.dev for that before it reaches a loopback server),
//! the methods and a max age, as Flecs v4.1.6's HTTP addon answers one. For any other origin
//! the reply has none of them, so the browser keeps the page from reading it, and a write
//! (any method but `GET`, `HEAD` and `OPTIONS`) or a preflight is refused with 403 before it
//! runs: a cross-origin "simple" request (a form's `POST`, a `fetch` without custom headers)
//! is sent without a preflight and would otherwise still change the world. A request without
//! an `Origin` header (curl, scripts; browsers send one with every write) is answered as
//! before.

/// The origins whose pages may use the server from a browser.
///
/// ```
/// use rosetta_rest::AllowedOrigins;
/// let mut origins = AllowedOrigins::default();
/// assert!(origins.allows("https://www.flecs.dev"));
/// assert!(origins.allows("http://localhost:8080"));
/// assert!(!origins.allows("https://example.com"));
/// assert!(origins.allow("https://example.com/"));
/// assert!(origins.allows("https://example.com"));
/// assert!(!origins.allow("example.com"), "not an origin: no scheme");
/// ```
///
/// The default is the explorer's origins and loopback ones.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AllowedOrigins {
    /// `*`: every origin.
    any: bool,
    /// Origins allowed besides the default ones, normalized ([`normalize`]).
    extra: Vec<String>,
}

/// Where the Flecs explorer is served.
const EXPLORER_ORIGINS: [&str; 2] = ["https://www.flecs.dev", "https://flecs.dev"];

impl AllowedOrigins {
    /// Every origin (`Access-Control-Allow-Origin: *` on every reply, as Flecs sends it).
    pub fn any() -> AllowedOrigins {
        AllowedOrigins {
            any: true,
            extra: Vec::new(),
        }
    }

    /// Allows `origin` too: `*` for every origin, else `scheme://host[:port]` as a browser's
    /// `Origin` header has it (a trailing `/` and a scheme's default port are dropped, scheme
    /// and host compared without case). False, and nothing allowed, when `origin` is not of
    /// that form.
    pub fn allow(&mut self, origin: &str) -> bool {
        if origin == "*" {
            self.any = true;
            return true;
        }
        match normalize(origin) {
            Some(o) => {
                if !self.extra.contains(&o) {
                    self.extra.push(o);
                }
                true
            }
            None => false,
        }
    }

    /// Whether every origin is allowed.
    pub fn allows_any(&self) -> bool {
        self.any
    }

    /// Whether a page of `origin` (an `Origin` header's value) may use the server.
    pub fn allows(&self, origin: &str) -> bool {
        if self.any {
            return true;
        }
        let Some(o) = normalize(origin) else {
            // `null` (a sandboxed frame, a file: page) and anything malformed.
            return false;
        };
        EXPLORER_ORIGINS.contains(&o.as_str()) || is_loopback(&o) || self.extra.contains(&o)
    }
}

/// What a request's `Origin` makes of its reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// No `Origin` header: not a cross-origin browser request; no CORS headers.
    NoOrigin,
    /// An allowed origin: `Access-Control-Allow-Origin` is this (the origin, or `*`).
    Allowed(String),
    /// Any other origin (as sent, for the message): no CORS headers; writes refused.
    Refused(String),
}

impl Verdict {
    /// The verdict on `origin`, an `Origin` header's value (`None` without one; a value that
    /// is not text is refused).
    pub(crate) fn of(origins: &AllowedOrigins, origin: Option<Result<&str, ()>>) -> Verdict {
        match origin {
            None => Verdict::NoOrigin,
            Some(Ok(o)) if origins.allows(o) => {
                Verdict::Allowed(if origins.any { "*".into() } else { o.into() })
            }
            Some(Ok(o)) => Verdict::Refused(o.into()),
            Some(Err(())) => Verdict::Refused("(not text)".into()),
        }
    }

    /// Whether a request of `method` must be refused before it runs: anything but a read
    /// (`GET`, `HEAD`) from a refused origin.
    pub(crate) fn refuses(&self, method: &str) -> bool {
        matches!(self, Verdict::Refused(_)) && !matches!(method, "GET" | "HEAD")
    }
}

/// `origin` as `scheme://host[:port]`, lower case, without a trailing `/` or the scheme's
/// default port; `None` when it is not of that form (no scheme, a path, user info, a bad port).
fn normalize(origin: &str) -> Option<String> {
    let origin = origin.strip_suffix('/').unwrap_or(origin);
    let (scheme, rest) = origin.split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    let scheme_ok = !scheme.is_empty()
        && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    if !scheme_ok || rest.is_empty() || rest.contains(['/', '?', '#', '@', ' ']) {
        return None;
    }
    // The port follows the last `:` outside an IPv6 literal's brackets.
    let (host, port) = match rest.rfind(':') {
        Some(i) if !rest[i..].contains(']') => (&rest[..i], Some(&rest[i + 1..])),
        _ => (rest, None),
    };
    if host.is_empty() || (host.starts_with('[') != host.ends_with(']')) {
        return None;
    }
    let port = match port {
        None => None,
        Some(p) => match p.parse::<u16>() {
            Ok(n) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => Some(n),
            _ => return None,
        },
    };
    let default_port = match scheme.as_str() {
        "http" => Some(80),
        "https" => Some(443),
        _ => None,
    };
    let host = host.to_ascii_lowercase();
    Some(match port {
        Some(p) if Some(p) != default_port => format!("{scheme}://{host}:{p}"),
        _ => format!("{scheme}://{host}"),
    })
}

/// Whether a normalized origin is an `http(s)` page on this machine's loopback names.
fn is_loopback(origin: &str) -> bool {
    let Some(rest) = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
    else {
        return false;
    };
    let host = match rest.rfind(':') {
        Some(i) if !rest[i..].contains(']') => &rest[..i],
        _ => rest,
    };
    matches!(host, "localhost" | "127.0.0.1" | "[::1]")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_explorer_and_loopback_pages_by_default() {
        let o = AllowedOrigins::default();
        for yes in [
            "https://www.flecs.dev",
            "https://flecs.dev",
            "https://WWW.Flecs.dev/",
            "https://www.flecs.dev:443",
            "http://localhost",
            "http://localhost:8080",
            "https://127.0.0.1:3000",
            "http://[::1]:8080",
            "http://[::1]",
        ] {
            assert!(o.allows(yes), "{yes}");
        }
        for no in [
            "http://www.flecs.dev",
            "https://www.flecs.dev:8443",
            "https://flecs.dev.example.com",
            "https://evil.example",
            "http://localhost.example.com",
            "http://127.0.0.2",
            "http://localhost:99999",
            "http://localhost:",
            "https://user@localhost",
            "null",
            "",
            "file://",
            "localhost:8080",
        ] {
            assert!(!o.allows(no), "{no}");
        }
    }

    #[test]
    fn verdicts() {
        let o = AllowedOrigins::default();
        let v = |origin| Verdict::of(&o, origin);
        assert_eq!(v(None), Verdict::NoOrigin);
        assert_eq!(
            v(Some(Ok("http://localhost:1"))),
            Verdict::Allowed("http://localhost:1".into())
        );
        let refused = v(Some(Ok("https://evil.example")));
        assert!(refused.refuses("PUT") && refused.refuses("OPTIONS") && refused.refuses("POST"));
        assert!(!refused.refuses("GET") && !v(None).refuses("PUT"));
        assert!(v(Some(Err(()))).refuses("PUT"));
        let any = Verdict::of(&AllowedOrigins::any(), Some(Ok("https://evil.example")));
        assert_eq!(any, Verdict::Allowed("*".into()));
    }

    #[test]
    fn allow_adds_an_origin_or_all_of_them() {
        let mut o = AllowedOrigins::default();
        assert!(o.allow("http://127.0.0.1:9000"));
        assert!(o.allow("HTTP://Tools.Example:80/"));
        assert!(o.allows("http://tools.example"));
        assert!(!o.allows("https://tools.example"));
        for bad in [
            "tools.example",
            "http://",
            "http://a/b",
            "http://a:x",
            "http://[::1",
        ] {
            assert!(!o.allow(bad), "{bad}");
        }
        assert!(!o.allows("https://evil.example"));
        assert!(!o.allows_any());
        assert!(o.allow("*"));
        assert!(o.allows("https://evil.example") && o.allows("null") && o.allows_any());
        assert!(AllowedOrigins::any().allows("https://evil.example"));
    }
}
