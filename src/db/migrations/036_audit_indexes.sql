-- The audit log's filters combined (issue 31): every page of the log is one range of one index in
-- its order (at DESC, id DESC), whatever filters it has. 034 made the indexes of no filter (time),
-- the bot's log, one actor's and one action's; these are the combinations. A time range (from, to)
-- bounds `at` within any of them.
CREATE INDEX audit_log_bot_action_time ON audit_log (bot_id, action, at DESC, id DESC);
CREATE INDEX audit_log_bot_actor_time ON audit_log (bot_id, actor_id, at DESC, id DESC);
CREATE INDEX audit_log_actor_action_time ON audit_log (actor_id, action, at DESC, id DESC);
CREATE INDEX audit_log_bot_actor_action_time ON audit_log (bot_id, actor_id, action, at DESC, id DESC);
