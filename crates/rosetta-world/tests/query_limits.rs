//! Long queries: the term limit, and that a query at the limit runs in a small stack (the
//! parser, the checks, compiling, the search and printing back use no recursion whose depth
//! the query's length sets).

use rosetta_world::eval::{Query, DEFAULT_STEP_LIMIT};
use rosetta_world::query::{parse, MAX_TERMS};
use rosetta_world::{script, World};

fn world() -> World {
    let mut l = script::load_str(
        r#"[["tag", "T"], ["tag", "U"], ["tag", "Rel"],
            ["entity", "a"], ["entity", "b"],
            ["add", "a", "T"], ["add", "a", ["Rel", "b"]],
            ["add", "b", "T"], ["add", "b", ["Rel", "a"]],
            ["entity", "c"], ["add", "c", "T"], ["add", "c", "U"]]"#,
    )
    .expect("script loads");
    l.world.process_pending();
    l.world
}

/// `n` copies of `term`, comma separated.
fn repeat(term: &str, n: usize) -> String {
    vec![term; n].join(", ")
}

/// Runs `f` on a thread with a 256 KiB stack (a recursion per term overflows it, and a stack
/// overflow aborts the process rather than failing the test).
fn small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let handle = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .expect("thread spawns");
    handle.join().expect("no panic")
}

/// The number of results of a query (here each entity has a table of its own), run as REST
/// runs it (bounded, paged).
fn count(w: &World, q: &str) -> usize {
    let q = Query::new(w, q).unwrap_or_else(|e| panic!("{e}"));
    let page = q
        .page(w, 0, Some(1000), DEFAULT_STEP_LIMIT)
        .unwrap_or_else(|e| panic!("{e}"));
    page.len()
}

#[test]
fn a_query_of_3200_terms_is_refused_naming_the_limit() {
    let text = repeat("T", 3200);
    assert_eq!(text.len(), 3200 * 3 - 2);
    let err = small_stack(move || parse(&text).unwrap_err());
    assert_eq!(
        err.message(),
        format!("too many terms: a query has at most MAX_TERMS ({MAX_TERMS})")
    );
    // It points at the first term past the limit.
    assert_eq!(err.offset(), Some(MAX_TERMS * 3));
}

#[test]
fn the_limit_counts_expanded_terms() {
    // `Rel($a, $b, $c)` is two terms.
    let q = repeat("Rel($a, $b, $c)", MAX_TERMS / 2);
    assert_eq!(parse(&q).map(|a| a.terms.len()), Ok(MAX_TERMS));
    let over = format!("{q}, T");
    assert!(parse(&over).unwrap_err().message().contains("MAX_TERMS"));
}

#[test]
fn the_limit_wins_over_a_logged_warning() {
    // Terms separated by spaces log `invalid preceding token`; past the limit the limit is
    // still what is reported.
    let q = vec!["T"; MAX_TERMS + 1].join(" ");
    assert!(parse(&q).unwrap_err().message().contains("MAX_TERMS"));
}

#[test]
fn queries_at_the_limit_run_in_a_small_stack() {
    let counts = small_stack(|| {
        let w = world();
        let n = MAX_TERMS;
        // A chain of variables: each term binds the next.
        let chain: Vec<String> = (0..n).map(|i| format!("Rel($v{i}, $v{})", i + 1)).collect();
        let queries = [
            repeat("T", n),
            format!("T, {}", repeat("!U", n - 1)),
            format!("T, {}", repeat("?U", n - 1)),
            format!("T, {}", vec!["U"; n - 1].join(" || ")),
            format!("T, {}", repeat("$this != \"x\"", n - 1)),
            chain.join(", "),
            format!("T, {}", repeat("!{ U }", (n - 1) / 3)),
        ];
        let mut counts = Vec::new();
        for q in &queries {
            let parsed = parse(q).unwrap_or_else(|e| panic!("{e}"));
            assert!(parsed.terms.len() <= MAX_TERMS);
            // Printing back is not recursive either.
            let printed = parsed.to_string();
            let again = parse(&printed).map(|p| p.to_string());
            assert!(again.as_ref() == Ok(&printed), "{q} prints back");
            counts.push(count(&w, q));
        }
        counts
    });
    assert_eq!(counts, [3, 2, 3, 1, 3, 2, 2]);
}

#[test]
fn nested_not_scopes_run_in_a_small_stack() {
    let n = 100; // the scope nesting limit
    let q = format!("T, {}U{}", "!{ ".repeat(n), " }".repeat(n));
    let got = small_stack(move || count(&world(), &q));
    // An even number of negations: `!{ !{ U } }` is `U`.
    assert_eq!(got, 1);
}

#[test]
fn an_error_late_in_a_long_query_is_reported() {
    let q = format!("{}, Missing", repeat("T", MAX_TERMS - 1));
    let err = small_stack(move || Query::new(&world(), &q).unwrap_err());
    assert_eq!(err.message(), "unresolved identifier 'Missing'");
}
