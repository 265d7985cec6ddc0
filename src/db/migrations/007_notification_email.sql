-- The switch-off e-mail is an outbox too: marked pending with the notification, sent after the
-- commit, and sent again later by any process when sending failed or the process died first.
ALTER TABLE notifications ADD COLUMN email_pending boolean NOT NULL DEFAULT false;
ALTER TABLE notifications ADD COLUMN email_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE notifications ADD COLUMN email_next_at timestamptz;
CREATE INDEX notifications_email_due ON notifications (email_next_at) WHERE email_pending;
