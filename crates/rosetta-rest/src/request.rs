//! A request as Flecs v3.2.12's HTTP addon (`src/addons/http.c`) reads its target.
//!
//! Flecs does not split the target at the first `?` as URLs do: every `?` and `&` starts a
//! parameter name and every `=` starts its value, wherever they are. So the explorer's
//! `/entity/flecs/core/World&label=true&values=true` is the path `entity/flecs/core/World`
//! with two parameters. The path (up to the first `?`, `&` or `=`) and each value are
//! percent-decoded after the split (a `%26` in a value is a `&` of the value); names are
//! compared as sent; `+` stays `+`. The first parameter of a name wins.
//!
//! Where Flecs reads past its buffers (a `%` without two hex digits after it, more than 32
//! parameters), this reader refuses the request with an error instead.

use std::fmt;

/// Flecs' `ECS_HTTP_QUERY_PARAM_COUNT_MAX`: more parameters overflow its arrays; here they
/// are an error.
pub const MAX_PARAMS: usize = 32;

/// The longest request target read (64 KiB): longer ones are refused with 414. (Flecs keeps
/// growing its buffer; browsers send at most about 64 KiB, and the explorer far less.)
pub const MAX_TARGET_LEN: usize = 64 * 1024;

/// The request methods Flecs tells apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Method {
    /// `GET`: the read routes.
    Get,
    /// `PUT`: the write routes.
    Put,
    /// `POST`: parsed by Flecs, answered by no route (404).
    Post,
    /// `DELETE`: parsed by Flecs, answered by no route (404).
    Delete,
    /// `OPTIONS`: a CORS preflight, answered for any path.
    Options,
    /// Any other method (Flecs drops the request without a reply; here it is a 405).
    Other(String),
}

impl Method {
    /// The method of a request line's first word.
    pub fn parse(text: &str) -> Method {
        match text {
            "GET" => Method::Get,
            "PUT" => Method::Put,
            "POST" => Method::Post,
            "DELETE" => Method::Delete,
            "OPTIONS" => Method::Options,
            other => Method::Other(other.to_owned()),
        }
    }
}

/// Why a request target cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RequestError {
    /// The target is longer than [`MAX_TARGET_LEN`] bytes.
    TooLong(usize),
    /// More than [`MAX_PARAMS`] parameters.
    TooManyParams,
    /// A `%` not followed by two hex digits, at this byte of the target.
    BadPercent(usize),
    /// The path or a value does not decode to UTF-8 (names and queries are text).
    NotUtf8(usize),
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RequestError::TooLong(n) => write!(
                f,
                "bad request (target of {n} bytes, longer than {MAX_TARGET_LEN})"
            ),
            RequestError::TooManyParams => {
                write!(f, "bad request (more than {MAX_PARAMS} parameters)")
            }
            RequestError::BadPercent(at) => {
                write!(f, "bad request (malformed percent-encoding at byte {at})")
            }
            RequestError::NotUtf8(at) => {
                write!(
                    f,
                    "bad request (percent-encoding at byte {at} is not UTF-8)"
                )
            }
        }
    }
}

impl std::error::Error for RequestError {}

/// A request: its method, its decoded path without the leading `/`, and its parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The method.
    pub method: Method,
    /// The path, percent-decoded, without its leading `/` (`entity/Sun/Earth`).
    pub path: String,
    params: Vec<(String, String)>,
}

impl Request {
    /// Reads `target` (what follows the method on the request line) as Flecs does.
    ///
    /// ```
    /// use rosetta_rest::request::Request;
    /// let r = Request::parse("GET", "/entity/flecs/core/World&label=true&values=true").unwrap();
    /// assert_eq!(r.path, "entity/flecs/core/World");
    /// assert_eq!(r.param("label"), Some("true"));
    /// let q = Request::parse("GET", "/query?q=Position%2C%20(Likes%2C%20*)&limit=25").unwrap();
    /// assert_eq!(q.param("q"), Some("Position, (Likes, *)"));
    /// ```
    pub fn parse(method: &str, target: &str) -> Result<Request, RequestError> {
        if target.len() > MAX_TARGET_LEN {
            return Err(RequestError::TooLong(target.len()));
        }
        let bytes = target.as_bytes();
        let is_sep = |b: u8| matches!(b, b'?' | b'&' | b'=');
        // Each segment runs to the next separator: Flecs writes a NUL at every one.
        let segment_end = |start: usize| {
            bytes
                .get(start..)
                .and_then(|rest| rest.iter().position(|&b| is_sep(b)))
                .map_or(bytes.len(), |n| start + n)
        };
        let path_end = segment_end(0);
        let path_start = 1.min(path_end);
        let path = decode(target, path_start, path_end)?;

        let mut params = Vec::new();
        // Where the current parameter's name starts; unset after a value, as Flecs' offset
        // array is, whose unset entry points at the start of the target.
        let mut name_start: Option<usize> = None;
        for (i, &b) in bytes.iter().enumerate() {
            match b {
                b'?' | b'&' => name_start = Some(i + 1),
                b'=' => {
                    if params.len() == MAX_PARAMS {
                        return Err(RequestError::TooManyParams);
                    }
                    let start = name_start.take().unwrap_or(0);
                    let name = target.get(start..segment_end(start)).unwrap_or_default();
                    let value = decode(target, i + 1, segment_end(i + 1))?;
                    params.push((name.to_owned(), value));
                }
                _ => {}
            }
        }
        Ok(Request {
            method: Method::parse(method),
            path,
            params,
        })
    }

    /// `ecs_http_get_param`: the value of the first parameter called `name`.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Every parameter, in the order sent.
    pub fn params(&self) -> impl Iterator<Item = (&str, &str)> {
        self.params.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

/// `http_decode_url_str` over `text[start..end]`, refusing what Flecs would misread.
fn decode(text: &str, start: usize, end: usize) -> Result<String, RequestError> {
    let bytes = text.as_bytes().get(start..end).unwrap_or_default();
    if !bytes.contains(&b'%') {
        return Ok(String::from_utf8_lossy(bytes).into_owned());
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            let hex = |j: usize| bytes.get(j).and_then(|&h| (h as char).to_digit(16));
            match (hex(i + 1), hex(i + 2)) {
                (Some(hi), Some(lo)) => out.push((hi * 16 + lo) as u8),
                _ => return Err(RequestError::BadPercent(start + i)),
            }
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|e| RequestError::NotUtf8(start + e.utf8_error().valid_up_to()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(target: &str) -> Request {
        match Request::parse("GET", target) {
            Ok(r) => r,
            Err(e) => panic!("{target}: {e}"),
        }
    }

    #[test]
    fn question_mark_and_ampersand_alike() {
        let a = parse("/entity/a/b?label=true&values=true");
        let b = parse("/entity/a/b&label=true&values=true");
        assert_eq!(a, b);
        assert_eq!(a.path, "entity/a/b");
        assert_eq!(a.param("values"), Some("true"));
    }

    #[test]
    fn first_parameter_of_a_name_wins() {
        let r = parse("/query?q=A&q=B");
        assert_eq!(r.param("q"), Some("A"));
    }

    #[test]
    fn values_decoded_after_the_split_names_not() {
        let r = parse("/query?q=A%26B%3Dc&na%6De=x");
        assert_eq!(r.param("q"), Some("A&B=c"));
        assert_eq!(r.param("name"), None);
        assert_eq!(r.param("na%6De"), Some("x"));
    }

    #[test]
    fn path_decoded_plus_kept() {
        let r = parse("/entity/My%20Entity/a+b");
        assert_eq!(r.path, "entity/My Entity/a+b");
    }

    #[test]
    fn a_name_without_value_is_replaced_by_the_next() {
        let r = parse("/query?flag&q=A");
        assert_eq!(r.param("q"), Some("A"));
        assert_eq!(r.param("flag"), None);
    }

    #[test]
    fn a_value_ends_at_the_next_equals_sign() {
        let r = parse("/query?q=$this==Foo&limit=1");
        assert_eq!(r.param("q"), Some("$this"));
        assert_eq!(r.param("limit"), Some("1"));
    }

    #[test]
    fn empty_value_and_empty_path() {
        let r = parse("/query?q=");
        assert_eq!(r.param("q"), Some(""));
        assert_eq!(parse("/").path, "");
        assert_eq!(parse("").path, "");
    }

    #[test]
    fn malformed_percent_encoding_is_an_error() {
        for (target, at) in [("/entity/a%zz", 9), ("/entity/a%2", 9), ("/query?q=%", 9)] {
            assert_eq!(
                Request::parse("GET", target),
                Err(RequestError::BadPercent(at)),
                "{target}"
            );
        }
        assert!(matches!(
            Request::parse("GET", "/entity/%ff%fe"),
            Err(RequestError::NotUtf8(_))
        ));
    }

    #[test]
    fn limits() {
        let many: String = (0..33).map(|i| format!("&p{i}=1")).collect();
        assert_eq!(
            Request::parse("GET", &format!("/query{many}")),
            Err(RequestError::TooManyParams)
        );
        let long = format!("/entity/{}", "a".repeat(MAX_TARGET_LEN));
        assert!(matches!(
            Request::parse("GET", &long),
            Err(RequestError::TooLong(_))
        ));
    }

    #[test]
    fn methods() {
        assert_eq!(Method::parse("PUT"), Method::Put);
        assert_eq!(Method::parse("PATCH"), Method::Other("PATCH".into()));
    }
}
