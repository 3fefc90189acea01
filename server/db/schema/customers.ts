import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { companyId, createdAt, updatedAt, userRef } from "./columns.ts";
import { companySizeEnum } from "./enums.ts";

export const customers = pgTable(
  "customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    name: text("name").notNull(),
    companyName: text("company_name").notNull(),
    companyWebsite: text("company_website"),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    postalCode: text("postal_code"),
    industry: text("industry"),
    size: companySizeEnum("size"),
    notes: text("notes"),
    createdBy: userRef("created_by"),
    assignedTo: userRef("assigned_to"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("customers_company_created_idx").on(t.companyId, t.createdAt.desc()),
    index("customers_company_name_idx").on(t.companyId, t.name),
    index("customers_company_company_name_idx").on(t.companyId, t.companyName),
    index("customers_assigned_to_idx").on(t.assignedTo),
  ],
);
