"""The Wolfrunde server: accounts, rooms, timers and channels over HTTP and WebSockets."""
