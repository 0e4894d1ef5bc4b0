-- DropIndex
DROP INDEX "CaseRouting_hospitalId_routedAt_idx";

-- AlterTable
ALTER TABLE "CaseRouting" ADD COLUMN     "planAcceptedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "approvedAt" TIMESTAMP(3),
ADD COLUMN     "closedAt" TIMESTAMP(3),
ADD COLUMN     "firstPlanAt" TIMESTAMP(3),
ADD COLUMN     "firstRoutedAt" TIMESTAMP(3),
ADD COLUMN     "planCount" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "CaseRouting_hospitalId_routedAt_answer_idx" ON "CaseRouting"("hospitalId", "routedAt", "status", "respondedAt", "endNoticeAt", "planAcceptedAt");

-- CreateIndex
CREATE INDEX "Submission_createdAt_specialty_country_idx" ON "Submission"("createdAt", "specialty", "country");

-- CreateIndex
CREATE INDEX "Submission_createdAt_steps_idx" ON "Submission"("createdAt", "firstRoutedAt", "firstPlanAt", "approvedAt", "closedAt", "planCount");

-- The steps each case reached, kept on the case by the database itself so that every writer (the
-- workflow, scripts, imports) keeps them true and the insights' funnel reads the cases alone (ADR 26).
-- Statement-level triggers with transition tables: one UPDATE per statement, however many rows it wrote.
-- Each update only moves a time earlier (LEAST) or later (GREATEST) or adds to a count, so two
-- transactions writing to one case at once cannot undo each other. Routings, plans and status changes
-- are never deleted except with their case, so there are no delete triggers.

CREATE FUNCTION "insights_case_routed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Submission" s SET "firstRoutedAt" = LEAST(s."firstRoutedAt", n.first)
  FROM (SELECT "submissionId" AS id, min("routedAt") AS first FROM new_routings GROUP BY 1) AS n
  WHERE s.id = n.id;
  RETURN NULL;
END $$;

CREATE TRIGGER "CaseRouting_insights_steps" AFTER INSERT ON "CaseRouting"
  REFERENCING NEW TABLE AS new_routings FOR EACH STATEMENT EXECUTE FUNCTION "insights_case_routed"();

CREATE FUNCTION "insights_plan_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Submission" s SET "firstPlanAt" = LEAST(s."firstPlanAt", n.first), "planCount" = s."planCount" + n.plans
  FROM (SELECT "submissionId" AS id, min("createdAt") AS first, count(*)::int AS plans FROM new_plans GROUP BY 1) AS n
  WHERE s.id = n.id;
  RETURN NULL;
END $$;

CREATE TRIGGER "TreatmentPlan_insights_steps_insert" AFTER INSERT ON "TreatmentPlan"
  REFERENCING NEW TABLE AS new_plans FOR EACH STATEMENT EXECUTE FUNCTION "insights_plan_added"();

-- A plan accepted (its decision time is the approval); plans are never un-accepted.
CREATE FUNCTION "insights_plan_accepted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Submission" s SET "approvedAt" = GREATEST(s."approvedAt", n.decided)
  FROM (SELECT "submissionId" AS id, max("decidedAt") AS decided FROM new_plans WHERE status = 'accepted' GROUP BY 1) AS n
  WHERE s.id = n.id AND s."approvedAt" IS DISTINCT FROM GREATEST(s."approvedAt", n.decided);
  UPDATE "CaseRouting" r SET "planAcceptedAt" = n."decidedAt"
  FROM new_plans AS n
  WHERE r.id = n."routingId" AND n.status = 'accepted' AND r."planAcceptedAt" IS DISTINCT FROM n."decidedAt";
  RETURN NULL;
END $$;

CREATE TRIGGER "TreatmentPlan_insights_steps_insert_accepted" AFTER INSERT ON "TreatmentPlan"
  REFERENCING NEW TABLE AS new_plans FOR EACH STATEMENT EXECUTE FUNCTION "insights_plan_accepted"();

CREATE TRIGGER "TreatmentPlan_insights_steps_update" AFTER UPDATE ON "TreatmentPlan"
  REFERENCING NEW TABLE AS new_plans FOR EACH STATEMENT EXECUTE FUNCTION "insights_plan_accepted"();

CREATE FUNCTION "insights_case_closed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Submission" s SET "closedAt" = LEAST(s."closedAt", n.first)
  FROM (SELECT "submissionId" AS id, min("createdAt") AS first FROM new_changes WHERE "toStatus" = 'closed' GROUP BY 1) AS n
  WHERE s.id = n.id;
  RETURN NULL;
END $$;

CREATE TRIGGER "StatusChange_insights_steps" AFTER INSERT ON "StatusChange"
  REFERENCING NEW TABLE AS new_changes FOR EACH STATEMENT EXECUTE FUNCTION "insights_case_closed"();

-- The cases and routings already there.
UPDATE "Submission" s SET
  "firstRoutedAt" = (SELECT min(r."routedAt") FROM "CaseRouting" r WHERE r."submissionId" = s.id),
  "firstPlanAt" = (SELECT min(p."createdAt") FROM "TreatmentPlan" p WHERE p."submissionId" = s.id),
  "planCount" = (SELECT count(*) FROM "TreatmentPlan" p WHERE p."submissionId" = s.id),
  "approvedAt" = (SELECT max(p."decidedAt") FROM "TreatmentPlan" p WHERE p."submissionId" = s.id AND p.status = 'accepted'),
  "closedAt" = (SELECT min(c."createdAt") FROM "StatusChange" c WHERE c."submissionId" = s.id AND c."toStatus" = 'closed');

UPDATE "CaseRouting" r SET "planAcceptedAt" = p."decidedAt"
FROM "TreatmentPlan" p WHERE p."routingId" = r.id AND p.status = 'accepted';

-- An unanswered routing whose case has ended is no longer awaited. The workflow marks it when the case
-- ends (endNoticeAt, the hospital told); routings of cases that ended before that notice existed get the
-- time their case ended, so that "still awaited" is "awaiting_response and endNoticeAt IS NULL".
UPDATE "CaseRouting" r SET "endNoticeAt" = coalesce(
    (SELECT min(c."createdAt") FROM "StatusChange" c
     WHERE c."submissionId" = r."submissionId" AND c."toStatus" IN ('plan_accepted', 'closed', 'cancelled')),
    s."updatedAt")
FROM "Submission" s
WHERE s.id = r."submissionId" AND r.status = 'awaiting_response' AND r."endNoticeAt" IS NULL
  AND s.status IN ('plan_accepted', 'closed', 'cancelled');
