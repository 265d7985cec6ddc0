-- The nightly clean-up removes old events (and their delivery log) oldest first.
CREATE INDEX events_time ON events (created_at);
