//! The `lectern` command-line tool.
fn main() {
    eprintln!("lectern: not built yet");
    std::process::exit(2);
}
