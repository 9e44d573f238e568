//! `preflight`: placeholder until the CLI lands.
fn main() {
    eprintln!("preflight: not implemented yet");
    std::process::exit(2);
}
