import "server-only";
import type { Prisma } from "./generated/client";

/** The client inside `db().$transaction(async (tx) => ...)`; domain helpers take it so their writes commit together. */
export type Tx = Prisma.TransactionClient;
