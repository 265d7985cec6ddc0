-- The delivery log's filters (issue 31): the dashboard and GET /admin/v1/bots/{id}/webhook/deliveries
-- read one endpoint's deliveries, or a bot's in one state, as one index range in the log's order
-- (created_at DESC, id DESC), a keyset page at a time. deliveries_bot_time still reads the whole log.
-- The endpoint's index replaces deliveries_endpoint (endpoint_id): removing an endpoint finds its
-- deliveries by its first column, so the table keeps as many indexes to update as before, plus one.
CREATE INDEX deliveries_endpoint_time ON deliveries (endpoint_id, created_at DESC, id DESC);
DROP INDEX deliveries_endpoint;
CREATE INDEX deliveries_bot_status_time ON deliveries (bot_id, status, created_at DESC, id DESC);
