CREATE TABLE "member_search_words" (
	"client_id" integer NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "member_search_words_client_id_term_pk" PRIMARY KEY("client_id","term")
);
--> statement-breakpoint
CREATE TABLE "member_terms" (
	"user_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"term" text NOT NULL,
	"name" text NOT NULL,
	"status" boolean NOT NULL,
	CONSTRAINT "member_terms_user_id_term_pk" PRIMARY KEY("user_id","term")
);
--> statement-breakpoint
ALTER TABLE "member_terms" ADD CONSTRAINT "member_terms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_search_words_trgm_idx" ON "member_search_words" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "member_terms_order_idx" ON "member_terms" USING btree ("client_id","branch_id","term","name","user_id","status");--> statement-breakpoint
-- The searchable words of a member: maximal runs of ASCII letters of the lower-cased name and email.
-- A query of one such run matches ILIKE '%q%' on name or email exactly when it is part of one of them.
CREATE FUNCTION member_words(name text, email text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(name || ' ' || coalesce(email, '')), '[^a-z]+') AS w
   WHERE w <> ''
$$;
--> statement-breakpoint
-- Keeps member_terms (and the organisation's word list) in step with every write to users.
CREATE FUNCTION member_terms_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.name = OLD.name AND NEW.email IS NOT DISTINCT FROM OLD.email
       AND NEW.branch_id = OLD.branch_id AND NEW.client_id = OLD.client_id THEN
      IF NEW.status <> OLD.status THEN
        UPDATE member_terms SET status = NEW.status WHERE user_id = NEW.id;
      END IF;
      RETURN NULL;
    END IF;
    DELETE FROM member_terms WHERE user_id = NEW.id;
  END IF;
  INSERT INTO member_terms (user_id, client_id, branch_id, term, name, status)
    SELECT NEW.id, NEW.client_id, NEW.branch_id, w, NEW.name, NEW.status FROM member_words(NEW.name, NEW.email) AS w;
  INSERT INTO member_search_words (client_id, term)
    SELECT NEW.client_id, w FROM member_words(NEW.name, NEW.email) AS w
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_member_terms AFTER INSERT OR UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION member_terms_sync();
--> statement-breakpoint
INSERT INTO member_terms (user_id, client_id, branch_id, term, name, status)
  SELECT u.id, u.client_id, u.branch_id, w, u.name, u.status FROM users u, member_words(u.name, u.email) AS w;
--> statement-breakpoint
INSERT INTO member_search_words (client_id, term)
  SELECT DISTINCT client_id, term FROM member_terms
  ON CONFLICT DO NOTHING;
