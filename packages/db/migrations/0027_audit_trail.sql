-- The audit trail (issue 15): filters by person or kind with a date range read one index range each, newest first.
CREATE INDEX IF NOT EXISTS "audit_events_actor_idx" ON "audit_events" USING btree ("store_id","actor_id","created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_events_kind_idx" ON "audit_events" USING btree ("store_id","entity","created_at");
--> statement-breakpoint
-- Append-only for real: the application's role may add and read audit rows, never change or remove them.
-- (Foreign-key actions, a shop deleted or a person's account removed, run as the table's owner.)
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_events" FROM haat_app;
