//! Arbitrary bytes as a binary schema bundle (and as bundle JSON): decoding must never panic,
//! and what decodes must re-encode and decode to the same model.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(bundle) = rosetta_bundle::decode(data) {
        let again = rosetta_bundle::decode(&rosetta_bundle::encode(&bundle));
        assert_eq!(again.ok().as_ref(), Some(&bundle));
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = rosetta_bundle::from_json(text);
    }
});
