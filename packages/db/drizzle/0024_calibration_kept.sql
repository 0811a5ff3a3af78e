CREATE TABLE "review_calibration" (
	"user_id" integer NOT NULL,
	"bin" smallint NOT NULL,
	"count" integer NOT NULL,
	"predicted" double precision NOT NULL,
	"recalled" integer NOT NULL,
	CONSTRAINT "review_calibration_user_id_bin_pk" PRIMARY KEY("user_id","bin"),
	CONSTRAINT "review_calibration_bin_valid" CHECK ("review_calibration"."bin" BETWEEN 0 AND 9)
);
--> statement-breakpoint
CREATE TABLE "review_item_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_calibration" ADD CONSTRAINT "review_calibration_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_item_versions" ADD CONSTRAINT "review_item_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_log_item_idx" ON "review_log" USING btree ("user_id","item_type","item_id","reviewed_at");
--> statement-breakpoint
-- hand-written
-- Calibration kept as reviews are logged. For the items a statement logged applied reviews of, each
-- review's prediction is worked out over the item's history with the new rows and without them; the
-- reviews whose prior review changed (the new ones, and one logged after a late-arriving row) move the
-- sums: what they add now, less what they added before. The prediction is FSRS's forgetting curve,
-- R = (1 + factor * days / S) ^ decay, with ts-fsrs's default constants (forgettingCurveConstants in
-- @jcba/domain/recall; readiness.test.ts compares the kept figures with a computation over the log).
CREATE FUNCTION review_calibration_logged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH touched AS (
    SELECT DISTINCT user_id, item_type, item_id FROM added WHERE applied
  ), history AS (
    SELECT l.id, l.user_id, l.item_type, l.item_id, l.rating, l.reviewed_at, l.stability, a.id IS NOT NULL AS is_added
    FROM touched t JOIN review_log l
      ON l.user_id = t.user_id AND l.item_type = t.item_type AND l.item_id = t.item_id
    LEFT JOIN added a ON a.id = l.id
    WHERE l.applied
  ), after AS (
    SELECT id, user_id, rating, reviewed_at, lag(id) OVER w AS prior_id,
      lag(stability) OVER w AS prior_stability, lag(reviewed_at) OVER w AS prior_at
    FROM history WINDOW w AS (PARTITION BY user_id, item_type, item_id ORDER BY reviewed_at, id)
  ), before AS (
    SELECT id, user_id, rating, reviewed_at, lag(id) OVER w AS prior_id,
      lag(stability) OVER w AS prior_stability, lag(reviewed_at) OVER w AS prior_at
    FROM history WHERE NOT is_added
    WINDOW w AS (PARTITION BY user_id, item_type, item_id ORDER BY reviewed_at, id)
  ), changed AS (
    SELECT a.user_id, a.rating, a.reviewed_at, a.prior_stability, a.prior_at, 1 AS sign
    FROM after a LEFT JOIN before b ON b.id = a.id
    WHERE b.id IS NULL OR b.prior_id IS DISTINCT FROM a.prior_id
    UNION ALL
    SELECT b.user_id, b.rating, b.reviewed_at, b.prior_stability, b.prior_at, -1
    FROM before b JOIN after a ON a.id = b.id
    WHERE b.prior_id IS DISTINCT FROM a.prior_id
  ), predicted AS (
    SELECT user_id, sign, rating > 1 AS recalled,
      power(1 + 0.98034649::float8 * floor(extract(epoch FROM reviewed_at - prior_at) / 86400) / prior_stability, -0.1542::float8) AS p
    FROM changed
    WHERE prior_stability > 0 AND reviewed_at - prior_at >= interval '1 day'
  )
  INSERT INTO review_calibration (user_id, bin, count, predicted, recalled)
  SELECT user_id, least(9, floor(p * 10))::int, sum(sign)::int, sum(sign * p), coalesce(sum(sign) FILTER (WHERE recalled), 0)::int
  FROM predicted GROUP BY 1, 2
  -- Rows locked in one order, so two writers never wait on each other in a circle.
  ORDER BY 1, 2
  ON CONFLICT (user_id, bin) DO UPDATE SET
    count = review_calibration.count + EXCLUDED.count,
    predicted = review_calibration.predicted + EXCLUDED.predicted,
    recalled = review_calibration.recalled + EXCLUDED.recalled;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER review_log_calibration AFTER INSERT ON review_log REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION review_calibration_logged();--> statement-breakpoint
-- The figures so far, from the whole log.
INSERT INTO review_calibration (user_id, bin, count, predicted, recalled)
SELECT user_id, least(9, floor(p * 10))::int, count(*)::int, sum(p), (count(*) FILTER (WHERE recalled))::int
FROM (
  SELECT user_id, rating > 1 AS recalled,
    power(1 + 0.98034649::float8 * floor(extract(epoch FROM reviewed_at - prior_at) / 86400) / prior_stability, -0.1542::float8) AS p
  FROM (
    SELECT user_id, rating, reviewed_at, lag(stability) OVER w AS prior_stability, lag(reviewed_at) OVER w AS prior_at
    FROM review_log WHERE applied
    WINDOW w AS (PARTITION BY user_id, item_type, item_id ORDER BY reviewed_at, id)
  ) AS ordered
  WHERE prior_stability > 0 AND reviewed_at - prior_at >= interval '1 day'
) AS predicted
GROUP BY 1, 2;--> statement-breakpoint
-- Every write to a member's review schedules moves their version (schedules are only deleted with
-- the member, whose version row goes too). One statement, one bump per member, in member order.
CREATE FUNCTION review_item_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_item_versions (user_id, version)
  SELECT DISTINCT user_id, 1 FROM changed ORDER BY 1
  ON CONFLICT (user_id) DO UPDATE SET version = review_item_versions.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER review_items_inserted AFTER INSERT ON review_items REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION review_item_versions_bump();--> statement-breakpoint
CREATE TRIGGER review_items_updated AFTER UPDATE ON review_items REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION review_item_versions_bump();
