import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { applyMigrations, MigrationError, readMigrations } from "@/lib/db/migrations";
import { seedReferenceData } from "@/lib/db/seed";
import { hospitals } from "@/content/hospitals";
import { formSpecialtySlugs } from "@/content/specialties";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "./support/databases";

for (const kind of testDatabaseKinds()) {
  describe(`data layer on ${kind}`, () => {
    let database: TestDatabase;
    before(async () => {
      database = await createTestDatabase(kind);
    });
    after(async () => {
      await database.drop();
    });

    test("applies every committed migration once and records it in _prisma_migrations", async () => {
      const sql = await database.open();
      try {
        const expected = readMigrations().map((m) => m.name);
        assert.ok(expected.length > 0);
        assert.deepEqual(await applyMigrations(sql), expected);
        assert.deepEqual(await applyMigrations(sql), [], "a second run applies nothing");
        const rows = await sql.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
          `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
        );
        assert.deepEqual(
          rows.map((r) => [r.migration_name, r.checksum]),
          readMigrations().map((m) => [m.name, m.checksum]),
        );
        assert.ok(rows.every((r) => r.finished_at !== null));
      } finally {
        await sql.close();
      }
    });

    test("refuses a migration that was edited after it was applied", async () => {
      const sql = await database.open();
      try {
        const [first] = readMigrations();
        const dir = mkdtempSync(path.join(tmpdir(), "afya-mig-"));
        mkdirSync(path.join(dir, first.name));
        writeFileSync(path.join(dir, first.name, "migration.sql"), first.sql + "\n-- edited\n");
        await assert.rejects(applyMigrations(sql, readMigrations(dir)), MigrationError);
      } finally {
        await sql.close();
      }
    });

    test("a failing migration is rolled back and not recorded", async () => {
      const sql = await database.open();
      try {
        const broken = { name: "99999999999999_broken", sql: 'CREATE TABLE "half_made" (id int); SELECT * FROM "no_such_table";', checksum: "x" };
        await assert.rejects(applyMigrations(sql, [...readMigrations(), broken]), /99999999999999_broken failed/);
        const tables = await sql.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'half_made'`);
        assert.equal(tables.length, 0);
        const recorded = await sql.query(`SELECT 1 FROM "_prisma_migrations" WHERE migration_name = $1`, [broken.name]);
        assert.equal(recorded.length, 0);
      } finally {
        await sql.close();
      }
    });

    test("seeds reference data idempotently", async () => {
      const prisma = database.prisma();
      try {
        await seedReferenceData(prisma);
        await seedReferenceData(prisma);
        assert.equal(await prisma.hospital.count(), hospitals.length);
        assert.equal(await prisma.specialty.count(), formSpecialtySlugs.length);
        assert.equal(await prisma.hospital.count({ where: { groupSlug: "medipol" } }), 10);
        assert.equal(await prisma.hospital.count({ where: { groupSlug: "memorial" } }), 8);
        assert.equal(await prisma.user.count({ where: { role: "admin" } }), 0, "no default admin exists");
      } finally {
        await prisma.$disconnect();
      }
    });

    test("stores a submission with its files, and deleting it removes the file rows", async () => {
      const prisma = database.prisma();
      try {
        const created = await prisma.submission.create({
          data: {
            trackingNumber: `SUB-TEST-${kind}`,
            source: "guest",
            patientName: "Amina Bello",
            email: "amina@example.com",
            homeCountry: "Nigeria",
            specialty: "cardiology",
            preferredCountries: ["Turkey"],
            consent: true,
            consentFullName: "Amina Bello",
            consentEmail: "amina@example.com",
            consentDate: new Date("2026-11-22"),
            consentVersion: "2025-01-01",
            files: {
              create: [
                { originalName: "echo.pdf", size: 5n * 1024n ** 3n, mimeType: "application/pdf", sha256: "a".repeat(64), storageKey: `submissions/${kind}/x` },
              ],
            },
          },
          include: { files: true },
        });
        assert.equal(created.status, "submitted");
        assert.equal(created.urgency, "standard");
        assert.equal(created.files[0].size, 5n * 1024n ** 3n, "sizes over 4 GB survive (bigint)");
        await assert.rejects(
          prisma.submission.create({ data: { ...omitId(created), trackingNumber: created.trackingNumber, files: undefined } as never }),
          "tracking numbers are unique",
        );
        await prisma.submission.delete({ where: { id: created.id } });
        assert.equal(await prisma.submissionFile.count({ where: { submissionId: created.id } }), 0);
      } finally {
        await prisma.$disconnect();
      }
    });
  });
}

function omitId<T extends { id: string; files?: unknown }>(row: T) {
  const { id: _id, files: _files, ...rest } = row;
  void _id;
  void _files;
  return rest;
}
