//! Front-end placeholder.
fn main() {}
