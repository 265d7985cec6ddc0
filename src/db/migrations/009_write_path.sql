-- The bot list is served from each process's memory (008): the indexes that sorted it in SQL only
-- cost every vote and stats report index writes now (votes_total and the server count change).
DROP INDEX bots_published_votes_total;
DROP INDEX bots_published_servers;
DROP INDEX bots_published_new;
DROP INDEX bots_published_name;
-- Likewise the monthly ranking of bot_vote_months; without it a vote's +1 is a HOT update.
DROP INDEX bot_vote_months_month;
