//! Entry point of the web app (built by Trunk from the root `index.html`).

fn main() {
    preflight_web::run();
}
