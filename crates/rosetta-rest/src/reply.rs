//! A reply as Flecs' HTTP addon sends it: a code, the status text Flecs puts on the status
//! line, a body, and `application/json` as the content type.

use crate::options::Options;

/// The methods v3.2.12's HTTP addon allows in a preflight.
const V3_METHODS: &str = "GET, PUT, OPTIONS";
/// The methods v4.1.6's HTTP addon allows in a preflight.
const V4_METHODS: &str = "GET, PUT, DELETE, OPTIONS";

/// What a route answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The status code.
    pub code: u16,
    /// The status line's text. Flecs' replies start as `200 OK` and routes change only the
    /// code, so an error reads `404 OK`; only an unknown route (`404 Resource not found`),
    /// a failed serializer (`500 Internal server error`) and a full send queue change it.
    pub status: &'static str,
    /// The body.
    pub body: String,
    /// The `Content-Type` header, if any (`application/json`, none for a preflight).
    pub content_type: Option<&'static str>,
    /// Whether this answers a CORS preflight (`OPTIONS`): it carries the extra
    /// `Access-Control-Allow-*` headers.
    pub preflight: bool,
    /// A preflight's `Access-Control-Allow-Methods`: v3.2.12's `GET, PUT, OPTIONS`, v4.1.6's
    /// `GET, PUT, DELETE, OPTIONS` (its explorer deletes entities and removes components).
    pub allow_methods: &'static str,
}

impl Reply {
    /// `200 OK` with `body`.
    pub fn ok(body: String) -> Reply {
        Reply {
            code: 200,
            status: "OK",
            body,
            content_type: Some("application/json"),
            preflight: false,
            allow_methods: V3_METHODS,
        }
    }

    /// `code` with `{"error":"<message>"}`, the message escaped as Flecs' `ecs_stresc` escapes
    /// (and other control characters as `\u00XX`, so the body stays JSON).
    pub fn error(code: u16, message: &str) -> Reply {
        let mut body = String::with_capacity(message.len() + 12);
        body.push_str("{\"error\":\"");
        escape_into(&mut body, message);
        body.push_str("\"}");
        Reply {
            code,
            body,
            ..Reply::ok(String::new())
        }
    }

    /// `code` with `{"error":"<message>"}`, the message written as given (it must already be
    /// escaped; Flecs formats some messages without escaping their arguments).
    pub fn raw_error(code: u16, message: &str) -> Reply {
        Reply {
            code,
            body: format!("{{\"error\":\"{message}\"}}"),
            ..Reply::ok(String::new())
        }
    }

    /// `404 Resource not found` with an empty body: no route answers the request.
    pub fn not_handled() -> Reply {
        Reply::not_handled_with(String::new())
    }

    /// `404 Resource not found` with the body a route wrote before giving up (Flecs' stats
    /// route writes its error and then reports the request as not handled).
    pub fn not_handled_with(body: String) -> Reply {
        Reply {
            code: 404,
            status: "Resource not found",
            body,
            ..Reply::ok(String::new())
        }
    }

    /// `500 Internal server error` with an empty body: a serializer failed.
    pub fn internal_error() -> Reply {
        Reply {
            code: 500,
            status: "Internal server error",
            ..Reply::ok(String::new())
        }
    }

    /// The `200 OK` answer to a CORS preflight: no body, no content type (v3.2.12's methods).
    pub fn preflight() -> Reply {
        Reply {
            content_type: None,
            preflight: true,
            ..Reply::ok(String::new())
        }
    }

    /// [`Reply::preflight`] with the methods of Flecs `version`'s HTTP addon.
    pub fn preflight_for(version: rosetta_world::FlecsVersion) -> Reply {
        Reply {
            allow_methods: match version {
                rosetta_world::FlecsVersion::V3 => V3_METHODS,
                rosetta_world::FlecsVersion::V4 => V4_METHODS,
            },
            ..Reply::preflight()
        }
    }
}

/// Appends `text` escaped for a JSON string: `"` `\` and `\n` `\t` `\r` `\b` `\f` as Flecs'
/// `ecs_stresc` writes them; other control characters as `\u00XX` (Flecs writes `\a`, `\v`
/// or the raw byte, which are not JSON).
pub fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
}

/// The `{"error":"..."}` reply for a message that quotes `arg` as Flecs formats it: `arg`
/// unescaped with [`Options::engine_bytes`], escaped otherwise.
pub(crate) fn error_quoting(
    code: u16,
    options: &Options,
    fmt: impl Fn(&str) -> String,
    arg: &str,
) -> Reply {
    if options.engine_bytes {
        Reply::raw_error(code, &fmt(arg))
    } else {
        let mut escaped = String::new();
        escape_into(&mut escaped, arg);
        Reply::raw_error(code, &fmt(&escaped))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_bodies_escape_their_message() {
        let r = Reply::error(400, "unexpected \"x\"\nA, x\n   ^");
        assert_eq!(r.body, r#"{"error":"unexpected \"x\"\nA, x\n   ^"}"#);
        assert!(serde_json::from_str::<serde_json::Value>(&r.body).is_ok());
        let c = Reply::error(400, "a\u{7}b");
        assert_eq!(c.body, r#"{"error":"a\u0007b"}"#);
    }

    #[test]
    fn status_texts() {
        assert_eq!(Reply::error(404, "x").status, "OK");
        assert_eq!(Reply::not_handled().status, "Resource not found");
        assert_eq!(Reply::internal_error().status, "Internal server error");
        assert_eq!(Reply::preflight().content_type, None);
    }
}
