#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tripeaks::fuzzing::option_value(data));
