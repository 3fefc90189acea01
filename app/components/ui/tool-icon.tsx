import {
  BookOpen,
  BuildingComplex,
  ChartColumn,
  FileChartColumn,
  FileText,
  House,
  type IconData,
  ListChecks,
  Mail,
  MessageSquareText,
  ReceiptText,
  Smartphone,
  SquareKanban,
  Tag,
  TrendingUp,
  UserCog,
  Users,
} from "#app/components/ui/icons.ts";
import type { ToolIcon as ToolIconName } from "#app/lib/portal-tools.ts";
import { Icon } from "./icon.tsx";

/** The portal's tools name their icon in data (portal-tools.ts); this draws it. */
const TOOL_ICONS: Record<ToolIconName | "home", IconData> = {
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
  company: BuildingComplex,
  home: House,
};

export function ToolIcon({ name, className }: { name: ToolIconName | "home"; className?: string }) {
  return <Icon icon={TOOL_ICONS[name]} {...(className ? { className } : {})} />;
}
