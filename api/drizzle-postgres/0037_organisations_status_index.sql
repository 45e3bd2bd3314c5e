-- The public lists and pages leave out the suspended organisations' events (decision 052): the
-- suspended ones are read by status from this index, not by a scan of every organisation (issue 41's
-- benchmark, admin-lists: SCAN organisations in every public list's plan on SQLite).
CREATE INDEX "organisations_status_idx" ON "organisations" USING btree ("status");
