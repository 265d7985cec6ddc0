-- A vote or a stats report updates one bots row. With changed_at indexed (008), no such update could
-- be HOT: each wrote a new entry into every index of bots (the primary key, bots_created and the GIN
-- index on owners), measured 0 HOT updates of 296,000 at 100,000 bots. The catalog's sweep reads
-- changed_at without the index now (a scan of bots every few seconds per process, see catalog.ts),
-- and free space on each page lets the new row version stay on its page.
DROP INDEX IF EXISTS bots_changed;
ALTER TABLE bots SET (fillfactor = 90);
