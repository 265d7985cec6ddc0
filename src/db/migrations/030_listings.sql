-- Owners list their bots themselves and the operator moderates (issue 30). The lifecycle's rules
-- are in src/modules/listings/lifecycle.ts; this is what it persists.

-- One listing per bot. Its bot row holds the version the public sees (published only while the
-- state is `published`: the listings service writes both in one transaction), or, before the
-- first approval, the version last submitted (at first the platform's name and icon).
CREATE TABLE listings (
  bot_id text PRIMARY KEY REFERENCES bots (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('draft', 'submitted', 'published', 'changes_requested', 'denied', 'unlisted', 'removed')),
  -- The review of an edit of a listing that was approved (LISTING_EDITS=review); null: none pending.
  edit_status text CHECK (edit_status IN ('submitted', 'changes_requested')),
  -- The owner's working copy (listings/content.ts), null when it equals the public version.
  working jsonb,
  -- The public long description: Markdown as written, and the sanitised HTML made from it when it
  -- was accepted (rendering costs milliseconds; pages show it on every visit).
  long_description jsonb NOT NULL DEFAULT '{"de": "", "en": ""}',
  long_description_html jsonb NOT NULL DEFAULT '{"de": "", "en": ""}',
  screenshots text[] NOT NULL DEFAULT '{}',
  -- Where the owner wants the moderator's decisions e-mailed (never public); null: no e-mail.
  contact_email text,
  -- The platform user who added the bot; null for bots the management API created.
  created_by text,
  -- Whether the platform confirmed that created_by owns the application (else the moderator checks).
  ownership_confirmed boolean NOT NULL DEFAULT false,
  -- The moderator's last note (changes requested) or reason (denied, removed), shown to the owner.
  note text,
  -- The open submission: its id (what the operator approves), who sent it and when it was queued.
  submission_id uuid UNIQUE,
  submitted_by text,
  queued_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK ((queued_at IS NULL) = (submission_id IS NULL)),
  CHECK (edit_status IS NULL OR status IN ('published', 'unlisted'))
);
-- The moderation queue, oldest first, read by keyset from this index in its order.
CREATE INDEX listings_queue ON listings (queued_at, bot_id) WHERE queued_at IS NOT NULL;

-- Every bot so far came through the management API: published or not yet.
INSERT INTO listings (bot_id, status, created_at, updated_at)
SELECT id, CASE WHEN published THEN 'published' ELSE 'draft' END, created_at, updated_at FROM bots;

-- Every transition of a listing: who, what, when, why and from where (the audit of moderation).
CREATE TABLE listing_transitions (
  -- In the order they were written: transitions of one instant keep their order.
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  transition text NOT NULL,
  -- `listing` for the listing's state, `edit` for the review of an edit.
  track text NOT NULL CHECK (track IN ('listing', 'edit')),
  from_state text NOT NULL,
  to_state text NOT NULL,
  actor text NOT NULL CHECK (actor IN ('owner', 'operator')),
  -- The platform user who acted; null for the operator token.
  actor_id text,
  via text NOT NULL CHECK (via IN ('dashboard', 'console', 'admin_api')),
  note text,
  at timestamptz NOT NULL
);
CREATE INDEX listing_transitions_bot_time ON listing_transitions (bot_id, at DESC, id DESC);

-- Slugs are unique per language among listed bots: each check is one index lookup.
CREATE INDEX bots_slug_en ON bots ((slugs ->> 'en'));
CREATE INDEX bots_slug_de ON bots ((slugs ->> 'de'));

-- Notices of a listing's decisions go to the address its owner gave, beside the switch-off notices.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('webhook_disabled', 'listing'));
-- The e-mail's recipient and subject; null: the operator (OPERATOR_EMAIL) and the switch-off subject.
ALTER TABLE notifications ADD COLUMN email_to text;
ALTER TABLE notifications ADD COLUMN email_subject text;

-- The `listing` webhook event (opt-in for endpoints, like `review`).
ALTER TABLE events DROP CONSTRAINT events_type_check;
ALTER TABLE events ADD CONSTRAINT events_type_check CHECK (type IN ('vote', 'vote.reminder', 'premium', 'donation', 'test', 'review', 'listing'));
