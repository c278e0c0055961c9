-- The proof of honest collection (issue 47, item 1): the one definition of the triggers that write each client's
-- proof_log, an append-only chain of
--   'invited'  an invitation that reached its customer: a review request when it becomes `sent` (from queued or
--              the outbox), or written already sent. The outbox keeps a message unsent, so
--              it asks nobody, and a reminder asks the same customer again, so neither is an invitation;
--   'offered'  a rating left on our review page and the public sites offered next (reviews.offered_links, stored
--              by the page with the review): Google and Facebook whatever the rating, when the location has them.
-- Each entry's hash is the SHA-256 of proof_entry_text(), which is shared/proof.ts's proofEntryText() written in
-- SQL: seq|kind|rating|offered sites joined by ','|at to the second in UTC|the previous entry's hash. The first
-- entry follows 64 zeros. An append locks the client's proof_chain_heads row, so two appends never take one seq,
-- and runs in the transaction that sent the invitation or stored the rating: no code path can skip it, and
-- nothing is logged for what rolled back. Postgres fires a table's triggers in name order, so on reviews the
-- figures' trigger (reviews_daily_stats) locks the totals row before this one locks the head, as every writer does.
--
-- To change a rule, edit this file: the migration runner (server/db/migrate.ts) applies it after the migrations
-- whenever its text differs from the one last applied. The last statement logs the history of clients who have
-- no chain yet (the sent requests and the offers stored before this file), oldest first; a client with a chain
-- is never written again, so a re-run changes nothing already published.
CREATE OR REPLACE FUNCTION proof_entry_text(
  seq int, kind text, rating int, offered text[], at timestamptz, prev_hash text
) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT seq || '|' || kind || '|' || coalesce(rating::text, '') || '|' || array_to_string(offered, ',') || '|'
    || to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || '|' || prev_hash
$$;
--> statement-breakpoint
-- The public sites an offered_links value offered, Google first.
CREATE OR REPLACE FUNCTION proof_sites_of(links jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY[
    CASE WHEN links ->> 'google' IS NOT NULL THEN 'google' END,
    CASE WHEN links ->> 'facebook' IS NOT NULL THEN 'facebook' END
  ], NULL)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION proof_log_append(
  p_owner int, p_kind text, p_rating int, p_offered text[], p_at timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  head record;
  entry_at timestamptz := date_trunc('second', p_at);
  entry_hash text;
BEGIN
  INSERT INTO proof_chain_heads (owner_id, seq, hash) VALUES (p_owner, 0, repeat('0', 64))
    ON CONFLICT (owner_id) DO NOTHING;
  SELECT seq, hash INTO head FROM proof_chain_heads WHERE owner_id = p_owner FOR UPDATE;
  entry_hash := encode(sha256(convert_to(
    proof_entry_text(head.seq + 1, p_kind, p_rating, p_offered, entry_at, head.hash), 'UTF8')), 'hex');
  INSERT INTO proof_log (owner_id, seq, kind, rating, offered, at, prev_hash, hash)
    VALUES (p_owner, head.seq + 1, p_kind, p_rating, p_offered, entry_at, head.hash, entry_hash);
  UPDATE proof_chain_heads SET seq = head.seq + 1, hash = entry_hash WHERE owner_id = p_owner;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION proof_log_invited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM proof_log_append(NEW.owner_id, 'invited', NULL, '{}', coalesce(NEW.sent_at, now()));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION proof_log_offered() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM proof_log_append(NEW.owner_id, 'offered', NEW.rating, proof_sites_of(NEW.offered_links), NEW.created_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A request written already past sending (a link the owner hands out is sent when made; an import or the demo
-- writes its history as it was) is an invitation at its sent_at, as the history below counts it.
CREATE OR REPLACE TRIGGER review_requests_proof_log_sent
  AFTER INSERT ON review_requests
  FOR EACH ROW WHEN (NEW.status IN ('sent', 'delivered', 'opened', 'completed') AND NEW.sent_at IS NOT NULL)
  EXECUTE FUNCTION proof_log_invited();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER review_requests_proof_log_sending
  AFTER UPDATE OF status ON review_requests
  FOR EACH ROW WHEN (NEW.status = 'sent' AND OLD.status IN ('queued', 'outbox'))
  EXECUTE FUNCTION proof_log_invited();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER reviews_proof_log
  AFTER INSERT ON reviews
  FOR EACH ROW WHEN (NEW.offered_links IS NOT NULL) EXECUTE FUNCTION proof_log_offered();
--> statement-breakpoint
-- The history of clients with no chain yet, oldest first (an invitation before an offer of the same second).
CREATE OR REPLACE FUNCTION proof_log_backfill() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  owners int[] := ARRAY(SELECT u.id FROM users u WHERE NOT EXISTS (
    SELECT 1 FROM proof_chain_heads c WHERE c.owner_id = u.id));
  h record;
BEGIN
  FOR h IN
    SELECT * FROM (
      SELECT owner_id, 'invited' AS kind, NULL::int AS rating, '{}'::text[] AS offered, sent_at AS at, 0 AS ord, id
        FROM review_requests
        WHERE status IN ('sent', 'delivered', 'opened', 'completed') AND sent_at IS NOT NULL
          AND owner_id = ANY (owners)
      UNION ALL
      SELECT owner_id, 'offered', rating, proof_sites_of(offered_links), created_at, 1, id
        FROM reviews
        WHERE offered_links IS NOT NULL AND owner_id = ANY (owners)
    ) history
    ORDER BY owner_id, at, ord, id
  LOOP
    PERFORM proof_log_append(h.owner_id, h.kind, h.rating, h.offered, h.at);
  END LOOP;
END
$$;
--> statement-breakpoint
SELECT proof_log_backfill();
