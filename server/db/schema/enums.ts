import { pgEnum } from "drizzle-orm/pg-core";
import {
  ACTIVITY_KINDS,
  BILL_ANALYSIS_STATUSES,
  BILL_READ_SOURCES,
  CARRIERS,
  COMPANY_SIZES,
  DEAL_CARRIERS,
  DEAL_STAGES,
  DEAL_STATUSES,
  DEVICE_CATEGORIES,
  FEE_BASES,
  HARDWARE_SOURCES,
  LINE_KINDS,
  NOTIFICATION_TYPES,
  OUTBOX_CHANNELS,
  OUTBOX_STATUSES,
  QUOTE_ITEM_KINDS,
  QUOTE_SOURCES,
  QUOTE_STATUSES,
  RESOURCE_FILE_TYPES,
  RESOURCE_TYPES,
} from "#app/lib/domain.ts";

// One Postgres enum per closed list of the specs; the values live in app/lib/domain.ts so forms,
// zod schemas and the database share them.
export const carrierEnum = pgEnum("carrier", CARRIERS);
export const dealCarrierEnum = pgEnum("deal_carrier", DEAL_CARRIERS);
export const dealStatusEnum = pgEnum("deal_status", DEAL_STATUSES);
export const dealStageEnum = pgEnum("deal_stage", DEAL_STAGES);
export const hardwareSourceEnum = pgEnum("hardware_source", HARDWARE_SOURCES);
export const companySizeEnum = pgEnum("company_size", COMPANY_SIZES);
export const deviceCategoryEnum = pgEnum("device_category", DEVICE_CATEGORIES);
export const resourceTypeEnum = pgEnum("resource_type", RESOURCE_TYPES);
export const resourceFileTypeEnum = pgEnum("resource_file_type", RESOURCE_FILE_TYPES);
export const quoteStatusEnum = pgEnum("quote_status", QUOTE_STATUSES);
export const quoteSourceEnum = pgEnum("quote_source", QUOTE_SOURCES);
export const lineKindEnum = pgEnum("line_kind", LINE_KINDS);
export const feeBasisEnum = pgEnum("fee_basis", FEE_BASES);
export const quoteItemKindEnum = pgEnum("quote_item_kind", QUOTE_ITEM_KINDS);
export const billAnalysisStatusEnum = pgEnum("bill_analysis_status", BILL_ANALYSIS_STATUSES);
export const billReadSourceEnum = pgEnum("bill_read_source", BILL_READ_SOURCES);
export const notificationTypeEnum = pgEnum("notification_type", NOTIFICATION_TYPES);
export const outboxChannelEnum = pgEnum("outbox_channel", OUTBOX_CHANNELS);
export const outboxStatusEnum = pgEnum("outbox_status", OUTBOX_STATUSES);
export const activityKindEnum = pgEnum("activity_kind", ACTIVITY_KINDS);
