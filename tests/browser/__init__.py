"""Browser tests: a real headless Chromium driving the real server over HTTP and WebSockets."""
