//! The reply both versions' `/query` give a query that ran out of search steps.

use crate::reply::Reply;

/// 400 with the error (the client's to narrow) and where the server's limit is set.
pub(crate) fn out_of_steps(e: &dyn std::fmt::Display) -> Reply {
    Reply::error(
        400,
        &format!("{e}; the server's limit is set with rosetta serve --step-limit"),
    )
}
