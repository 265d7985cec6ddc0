-- The slugs a bot had before, per language: the old address of a renamed bot's page answers 301 to
-- its current one. Written in the transaction of the write that replaced them; a slug a bot takes
-- (a new bot's, or a rename's) leaves this table, so each slug here leads to one bot, and a slug in
-- use by a bot is never looked up here (the page finds that bot first). Deleting a bot deletes its
-- old slugs: its old addresses answer 404, as its current one does.
CREATE TABLE bot_slug_history (
  lang text NOT NULL,
  slug text NOT NULL,
  bot_id text NOT NULL REFERENCES bots (id) ON DELETE CASCADE,
  replaced_at timestamptz NOT NULL,
  PRIMARY KEY (lang, slug)
);
CREATE INDEX bot_slug_history_bot ON bot_slug_history (bot_id);
