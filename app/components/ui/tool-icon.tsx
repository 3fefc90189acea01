import {
  BookOpen,
  Building2,
  ChartColumn,
  FileChartColumn,
  FileText,
  House,
  ListChecks,
  type LucideIcon,
  Mail,
  MessageSquareText,
  ReceiptText,
  Smartphone,
  SquareKanban,
  Tag,
  TrendingUp,
  UserCog,
  Users,
} from "lucide-react";
import type { ToolIcon as ToolIconName } from "#app/lib/portal-tools.ts";
import { Icon } from "./icon.tsx";

/** The portal's tools name their icon in data (portal-tools.ts); this draws it. */
const TOOL_ICONS: Record<ToolIconName | "home", LucideIcon> = {
  assistant: MessageSquareText,
  bill: ReceiptText,
  quote: FileText,
  plans: ChartColumn,
  resources: BookOpen,
  promos: Tag,
  devices: Smartphone,
  deals: SquareKanban,
  customers: Users,
  reports: FileChartColumn,
  analytics: TrendingUp,
  waitlist: ListChecks,
  outbox: Mail,
  users: UserCog,
  company: Building2,
  home: House,
};

export function ToolIcon({ name, className }: { name: ToolIconName | "home"; className?: string }) {
  return <Icon icon={TOOL_ICONS[name]} {...(className ? { className } : {})} />;
}
