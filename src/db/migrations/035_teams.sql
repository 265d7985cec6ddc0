-- Teams (issue 31): who works on a bot, in which role, and the links that invite someone into a
-- team. What each role may do is one table in src/modules/teams/permissions.ts. bots.owners stays
-- the API's field and the operator's owner filter: a copy of the team's owners (oldest first) and
-- then its managers, rewritten in the transaction of every team change.
CREATE TABLE bot_members (
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  -- The platform user's ID.
  user_id text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'manager', 'editor', 'viewer')),
  -- When they joined, and the order of members who joined at the same instant (the order of the
  -- operator's owners list, of the migrated owners).
  added_at timestamptz NOT NULL,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  -- Their name as the sign-in gave it when they joined; null for members the operator or this
  -- migration added.
  user_name text,
  -- Who let them in: the invitation's creator; null for the operator, a bot's first owner, this migration.
  added_by text,
  -- The invitation they accepted, if they came by one.
  invitation_id uuid,
  PRIMARY KEY (bot_id, user_id)
);
-- A user's bots (the dashboard's list, every access check's lookup goes through the primary key).
CREATE INDEX bot_members_user ON bot_members (user_id, added_at DESC, bot_id);
-- A bot's members in the order they joined: the management API's keyset pages, the team page.
CREATE INDEX bot_members_bot_time ON bot_members (bot_id, added_at, user_id);

-- Every owner a bot has now becomes an owner member, in the order of the list, since the bot was made.
INSERT INTO bot_members (bot_id, user_id, role, added_at)
SELECT b.id, o.user_id, 'owner', b.created_at
  FROM bots b, unnest(b.owners) WITH ORDINALITY AS o (user_id, n)
 ORDER BY b.id, o.n
    ON CONFLICT DO NOTHING;

CREATE TABLE bot_invitations (
  id uuid PRIMARY KEY,
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  -- SHA-256 (hex) of the link's token: the token is shown once, to whoever made the invitation.
  token_hash text NOT NULL UNIQUE,
  role text NOT NULL CHECK (role IN ('owner', 'manager', 'editor', 'viewer')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Single use: who accepted it, when.
  used_by text,
  used_at timestamptz,
  revoked_by text,
  revoked_at timestamptz,
  CHECK ((used_by IS NULL) = (used_at IS NULL)),
  CHECK (used_at IS NULL OR revoked_at IS NULL)
);
-- A bot's open invitations, newest first (expired ones are skipped by the reading query).
CREATE INDEX bot_invitations_open ON bot_invitations (bot_id, created_at DESC, id DESC)
  WHERE used_at IS NULL AND revoked_at IS NULL;
