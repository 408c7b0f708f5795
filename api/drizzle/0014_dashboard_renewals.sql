-- The dashboard's renewals due read a week of validity in date then name order (issue 13): with the
-- name (and id, for a stable order) in the validity index that is an index range of 8 rows instead
-- of sorting ~25,000 at 1M members. The snapshot beside this file is the whole schema again (the
-- ones of 0012 and 0013 were never written; docs/decisions.md, "Migration order").
DROP INDEX "users_client_branch_status_valid_idx";--> statement-breakpoint
CREATE INDEX "users_client_branch_status_valid_name_idx" ON "users" USING btree ("client_id","branch_id","status","valid_till","name","id");
