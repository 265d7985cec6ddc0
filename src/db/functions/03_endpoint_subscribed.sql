-- Whether the bot has an enabled endpoint subscribed to events of this type: an index range on
-- webhooks_bot, usually empty. The outbox keeps no event that nobody would receive (an endpoint
-- added or enabled later never gets an event from before it), so this decides whether a vote writes
-- its `vote` and `vote.reminder` events (record_vote) and whether any `vote.reminder` is stored
-- (recordEvents, src/modules/webhooks/delivery/outbox.ts).
-- PL/pgSQL, not SQL: a SQL function with a subquery is never inlined, and before PostgreSQL 18 it
-- plans its body again in every statement that calls it (several times a vote's cost); PL/pgSQL
-- keeps its plan for the session.
CREATE OR REPLACE FUNCTION endpoint_subscribed(p_bot_id text, p_type text) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM webhooks w WHERE w.bot_id = p_bot_id AND w.enabled AND p_type = ANY (w.events));
END
$$;
