-- Trusted-device records of the two-factor plugin are no longer honoured (ADR 14): none is kept.
DELETE FROM "verification" WHERE "identifier" LIKE 'trust-device-%';
