import type { NotificationCategory } from '@rtms/shared/schemas/notifications';
import { preferencesSchema } from '@rtms/shared/schemas/preferences';

/** The languages of the product: an email is written in its recipient's. */
export const EMAIL_LANGUAGES = ['en', 'es', 'zh', 'fr', 'it', 'ar'] as const;
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number];

/**
 * The texts of reminder email. `{title}`, `{facility}`, `{date}`, `{when}` and `{count}` are filled in
 * at sending time, so that a reminder sent late is worded for the day it is sent. `{when}` is
 * "tomorrow", "in 7 days", "9 days ago" in the language (Intl.RelativeTimeFormat), so plurals are right.
 */
export interface EmailMessages {
  hello: string;
  subjectOpened: string;
  subjectDueSoon: string;
  subjectDueToday: string;
  subjectOverdue: string;
  subjectEscalation: string;
  subjectDigest: string;
  lineOpened: string;
  lineDueIn: string;
  lineDueToday: string;
  lineOverdue: string;
  lineEscalation: string;
  digestIntro: string;
  /** Below a digest whose backlog was larger than one mail lists; `{count}` is at least 1. */
  digestMore: string;
  /** Below a grouped message (due today, escalations…) whose sweep held more than one mail lists. */
  groupMore: string;
  openNotifications: string;
  openTask: string;
  facility: string;
  dueDate: string;
  unsubscribe: string;
  escalationDigestOnly: string;
  groupOpened: string;
  groupDueSoon: string;
  groupDueToday: string;
  groupOverdue: string;
  groupEscalation: string;
  /** A corrective action's reminder (`{when}`: its due date from the day of sending). */
  subjectAction: string;
  actionLineDueIn: string;
  actionLineDueToday: string;
  actionLineOverdue: string;
  actionLineEscalation: string;
  groupActions: string;
  openFinding: string;
}

export const EMAIL_MESSAGES: Record<EmailLanguage, EmailMessages> = {
  en: {
    hello: 'Hello {name},',
    subjectOpened: 'Task open: {title}',
    subjectDueSoon: 'Due {when}: {title}',
    subjectDueToday: 'Due today: {title}',
    subjectOverdue: 'Overdue, was due {when}: {title}',
    subjectEscalation: 'Escalation, was due {when}: {title}',
    subjectDigest: 'Your compliance tasks: {count} reminders',
    lineOpened: 'The task "{title}" at {facility} is open. It is due on {date}.',
    lineDueIn: 'The task "{title}" at {facility} is due {when}, on {date}.',
    lineDueToday: 'The task "{title}" at {facility} is due today ({date}).',
    lineOverdue: 'The task "{title}" at {facility} is overdue: it was due {when}, on {date}.',
    lineEscalation: 'Escalation: the task "{title}" at {facility} was due {when}, on {date}, and is still not done.',
    digestIntro: 'Here are the tasks that need your attention:',
    digestMore: '{count} more reminders are waiting for you in the app; they will follow in your next digests.',
    groupMore: '{count} more of these are waiting for you in the app.',
    openNotifications: 'See all your notifications',
    openTask: 'Open the task',
    facility: 'Facility',
    dueDate: 'Due date',
    unsubscribe: 'Stop these emails',
    escalationDigestOnly: 'Receive escalations in the digest only',
    groupOpened: 'Open',
    groupDueSoon: 'Due soon',
    groupDueToday: 'Due today',
    groupOverdue: 'Overdue',
    groupEscalation: 'Escalations',
    subjectAction: 'Corrective action due {when}: {title}',
    actionLineDueIn: 'The corrective action "{title}" at {facility} is due {when}, on {date}.',
    actionLineDueToday: 'The corrective action "{title}" at {facility} is due today ({date}).',
    actionLineOverdue: 'The corrective action "{title}" at {facility} is overdue: it was due {when}, on {date}.',
    actionLineEscalation:
      'Escalation: the corrective action "{title}" at {facility} was due {when}, on {date}, and is still not done.',
    groupActions: 'Corrective actions',
    openFinding: 'Open the finding',
  },
  es: {
    hello: 'Hola, {name}:',
    subjectOpened: 'Tarea abierta: {title}',
    subjectDueSoon: 'Vence {when}: {title}',
    subjectDueToday: 'Vence hoy: {title}',
    subjectOverdue: 'Vencida, vencía {when}: {title}',
    subjectEscalation: 'Escalamiento, vencía {when}: {title}',
    subjectDigest: 'Sus tareas de cumplimiento: {count} recordatorios',
    lineOpened: 'La tarea "{title}" en {facility} está abierta. Vence el {date}.',
    lineDueIn: 'La tarea "{title}" en {facility} vence {when}, el {date}.',
    lineDueToday: 'La tarea "{title}" en {facility} vence hoy ({date}).',
    lineOverdue: 'La tarea "{title}" en {facility} está vencida: vencía {when}, el {date}.',
    lineEscalation: 'Escalamiento: la tarea "{title}" en {facility} vencía {when}, el {date}, y sigue sin hacerse.',
    digestIntro: 'Estas son las tareas que requieren su atención:',
    digestMore: 'Otros {count} recordatorios le esperan en la aplicación; llegarán en sus próximos resúmenes.',
    groupMore: 'Otros {count} como estos le esperan en la aplicación.',
    openNotifications: 'Ver todas sus notificaciones',
    openTask: 'Abrir la tarea',
    facility: 'Instalación',
    dueDate: 'Fecha de vencimiento',
    unsubscribe: 'Dejar de recibir estos correos',
    escalationDigestOnly: 'Recibir los escalamientos solo en el resumen',
    groupOpened: 'Abiertas',
    groupDueSoon: 'Vencen pronto',
    groupDueToday: 'Vencen hoy',
    groupOverdue: 'Vencidas',
    groupEscalation: 'Escalamientos',
    subjectAction: 'Acción correctiva que vence {when}: {title}',
    actionLineDueIn: 'La acción correctiva "{title}" en {facility} vence {when}, el {date}.',
    actionLineDueToday: 'La acción correctiva "{title}" en {facility} vence hoy ({date}).',
    actionLineOverdue: 'La acción correctiva "{title}" en {facility} está vencida: vencía {when}, el {date}.',
    actionLineEscalation:
      'Escalamiento: la acción correctiva "{title}" en {facility} vencía {when}, el {date}, y sigue sin hacerse.',
    groupActions: 'Acciones correctivas',
    openFinding: 'Abrir el hallazgo',
  },
  zh: {
    hello: '{name}，您好：',
    subjectOpened: '任务已开放：{title}',
    subjectDueSoon: '{when}到期：{title}',
    subjectDueToday: '今天到期：{title}',
    subjectOverdue: '已逾期（{when}到期）：{title}',
    subjectEscalation: '升级通知（{when}到期）：{title}',
    subjectDigest: '您的合规任务：{count} 条提醒',
    lineOpened: '{facility} 的任务“{title}”已开放，到期日为 {date}。',
    lineDueIn: '{facility} 的任务“{title}”将于{when}（{date}）到期。',
    lineDueToday: '{facility} 的任务“{title}”今天（{date}）到期。',
    lineOverdue: '{facility} 的任务“{title}”已逾期：{when}（{date}）到期。',
    lineEscalation: '升级通知：{facility} 的任务“{title}”{when}（{date}）到期，至今仍未完成。',
    digestIntro: '以下任务需要您处理：',
    digestMore: '另有 {count} 条提醒在应用中等待您处理，将在之后的摘要中发送。',
    groupMore: '另有 {count} 条同类提醒在应用中等待您处理。',
    openNotifications: '查看全部通知',
    openTask: '打开任务',
    facility: '设施',
    dueDate: '到期日',
    unsubscribe: '不再接收此类邮件',
    escalationDigestOnly: '仅在摘要中接收升级通知',
    groupOpened: '已开放',
    groupDueSoon: '即将到期',
    groupDueToday: '今天到期',
    groupOverdue: '已逾期',
    groupEscalation: '升级通知',
    subjectAction: '纠正措施{when}到期：{title}',
    actionLineDueIn: '{facility} 的纠正措施“{title}”将于{when}（{date}）到期。',
    actionLineDueToday: '{facility} 的纠正措施“{title}”今天（{date}）到期。',
    actionLineOverdue: '{facility} 的纠正措施“{title}”已逾期：{when}（{date}）到期。',
    actionLineEscalation: '升级通知：{facility} 的纠正措施“{title}”{when}（{date}）到期，至今仍未完成。',
    groupActions: '纠正措施',
    openFinding: '打开发现项',
  },
  fr: {
    hello: 'Bonjour {name},',
    subjectOpened: 'Tâche ouverte : {title}',
    subjectDueSoon: 'Échéance {when} : {title}',
    subjectDueToday: "Échéance aujourd'hui : {title}",
    subjectOverdue: 'En retard, échéance {when} : {title}',
    subjectEscalation: 'Escalade, échéance {when} : {title}',
    subjectDigest: 'Vos tâches de conformité : {count} rappels',
    lineOpened: 'La tâche « {title} » du site {facility} est ouverte. Son échéance est le {date}.',
    lineDueIn: 'La tâche « {title} » du site {facility} arrive à échéance {when}, le {date}.',
    lineDueToday: "La tâche « {title} » du site {facility} arrive à échéance aujourd'hui ({date}).",
    lineOverdue: 'La tâche « {title} » du site {facility} est en retard : elle était due {when}, le {date}.',
    lineEscalation:
      "Escalade : la tâche « {title} » du site {facility} était due {when}, le {date}, et n'est toujours pas faite.",
    digestIntro: 'Voici les tâches qui demandent votre attention :',
    digestMore:
      "{count} autres rappels vous attendent dans l'application ; ils suivront dans vos prochains récapitulatifs.",
    groupMore: "{count} autres du même type vous attendent dans l'application.",
    openNotifications: 'Voir toutes vos notifications',
    openTask: 'Ouvrir la tâche',
    facility: 'Site',
    dueDate: "Date d'échéance",
    unsubscribe: 'Ne plus recevoir ces e-mails',
    escalationDigestOnly: 'Recevoir les escalades dans le récapitulatif uniquement',
    groupOpened: 'Ouvertes',
    groupDueSoon: 'Bientôt dues',
    groupDueToday: "Dues aujourd'hui",
    groupOverdue: 'En retard',
    groupEscalation: 'Escalades',
    subjectAction: 'Action corrective, échéance {when} : {title}',
    actionLineDueIn: "L'action corrective « {title} » du site {facility} arrive à échéance {when}, le {date}.",
    actionLineDueToday: "L'action corrective « {title} » du site {facility} arrive à échéance aujourd'hui ({date}).",
    actionLineOverdue:
      "L'action corrective « {title} » du site {facility} est en retard : elle était due {when}, le {date}.",
    actionLineEscalation:
      "Escalade : l'action corrective « {title} » du site {facility} était due {when}, le {date}, et n'est toujours pas faite.",
    groupActions: 'Actions correctives',
    openFinding: 'Ouvrir le constat',
  },
  it: {
    hello: 'Ciao {name},',
    subjectOpened: 'Attività aperta: {title}',
    subjectDueSoon: 'Scade {when}: {title}',
    subjectDueToday: 'Scade oggi: {title}',
    subjectOverdue: 'In ritardo, scadeva {when}: {title}',
    subjectEscalation: 'Escalation, scadeva {when}: {title}',
    subjectDigest: 'Le tue attività di conformità: {count} promemoria',
    lineOpened: 'L\'attività "{title}" presso {facility} è aperta. Scade il {date}.',
    lineDueIn: 'L\'attività "{title}" presso {facility} scade {when}, il {date}.',
    lineDueToday: 'L\'attività "{title}" presso {facility} scade oggi ({date}).',
    lineOverdue: 'L\'attività "{title}" presso {facility} è in ritardo: scadeva {when}, il {date}.',
    lineEscalation:
      'Escalation: l\'attività "{title}" presso {facility} scadeva {when}, il {date}, e non è ancora completata.',
    digestIntro: 'Ecco le attività che richiedono la tua attenzione:',
    digestMore: "Altri {count} promemoria ti aspettano nell'applicazione; arriveranno nei prossimi riepiloghi.",
    groupMore: "Altri {count} dello stesso tipo ti aspettano nell'applicazione.",
    openNotifications: 'Vedi tutte le notifiche',
    openTask: "Apri l'attività",
    facility: 'Impianto',
    dueDate: 'Scadenza',
    unsubscribe: 'Non ricevere più queste email',
    escalationDigestOnly: 'Ricevi le escalation solo nel riepilogo',
    groupOpened: 'Aperte',
    groupDueSoon: 'In scadenza',
    groupDueToday: 'Scadono oggi',
    groupOverdue: 'In ritardo',
    groupEscalation: 'Escalation',
    subjectAction: 'Azione correttiva in scadenza {when}: {title}',
    actionLineDueIn: 'L\'azione correttiva "{title}" presso {facility} scade {when}, il {date}.',
    actionLineDueToday: 'L\'azione correttiva "{title}" presso {facility} scade oggi ({date}).',
    actionLineOverdue: 'L\'azione correttiva "{title}" presso {facility} è in ritardo: scadeva {when}, il {date}.',
    actionLineEscalation:
      'Escalation: l\'azione correttiva "{title}" presso {facility} scadeva {when}, il {date}, e non è ancora completata.',
    groupActions: 'Azioni correttive',
    openFinding: 'Apri il rilievo',
  },
  ar: {
    hello: 'مرحبًا {name}،',
    subjectOpened: 'مهمة مفتوحة: {title}',
    subjectDueSoon: 'تستحق {when}: {title}',
    subjectDueToday: 'تستحق اليوم: {title}',
    subjectOverdue: 'متأخرة، كانت مستحقة {when}: {title}',
    subjectEscalation: 'تصعيد، كانت مستحقة {when}: {title}',
    subjectDigest: 'مهام الامتثال الخاصة بك: {count} تذكيرات',
    lineOpened: 'المهمة "{title}" في {facility} مفتوحة. تاريخ استحقاقها {date}.',
    lineDueIn: 'المهمة "{title}" في {facility} تستحق {when}، في {date}.',
    lineDueToday: 'المهمة "{title}" في {facility} تستحق اليوم ({date}).',
    lineOverdue: 'المهمة "{title}" في {facility} متأخرة: كانت مستحقة {when}، في {date}.',
    lineEscalation: 'تصعيد: المهمة "{title}" في {facility} كانت مستحقة {when}، في {date}، ولم تُنجز بعد.',
    digestIntro: 'هذه هي المهام التي تحتاج إلى اهتمامك:',
    digestMore: 'هناك {count} تذكيرات أخرى بانتظارك في التطبيق، وستصلك في الملخصات القادمة.',
    groupMore: 'هناك {count} أخرى من هذا النوع بانتظارك في التطبيق.',
    openNotifications: 'عرض كل الإشعارات',
    openTask: 'فتح المهمة',
    facility: 'المنشأة',
    dueDate: 'تاريخ الاستحقاق',
    unsubscribe: 'إيقاف هذه الرسائل',
    escalationDigestOnly: 'استلام التصعيدات في الملخص فقط',
    groupOpened: 'مفتوحة',
    groupDueSoon: 'تستحق قريبًا',
    groupDueToday: 'تستحق اليوم',
    groupOverdue: 'متأخرة',
    groupEscalation: 'تصعيدات',
    subjectAction: 'إجراء تصحيحي يستحق {when}: {title}',
    actionLineDueIn: 'الإجراء التصحيحي "{title}" في {facility} يستحق {when}، في {date}.',
    actionLineDueToday: 'الإجراء التصحيحي "{title}" في {facility} يستحق اليوم ({date}).',
    actionLineOverdue: 'الإجراء التصحيحي "{title}" في {facility} متأخر: كان مستحقًا {when}، في {date}.',
    actionLineEscalation: 'تصعيد: الإجراء التصحيحي "{title}" في {facility} كان مستحقًا {when}، في {date}، ولم يُنجز بعد.',
    groupActions: 'الإجراءات التصحيحية',
    openFinding: 'فتح الملاحظة',
  },
};

export function emailLanguage(value: string | undefined | null): EmailLanguage {
  return (EMAIL_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as EmailLanguage) : 'en';
}

/** The language of a user's email and pages, from their stored interface settings (JSON, or null: defaults). */
export function userEmailLanguage(stored: string | null): EmailLanguage {
  if (!stored) return 'en';
  const parsed = preferencesSchema.safeParse(JSON.parse(stored));
  return emailLanguage(parsed.success ? parsed.data.locale.locale : undefined);
}

/** Fills `{name}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

export const CATEGORY_GROUP: Record<NotificationCategory, keyof EmailMessages> = {
  ESCALATION: 'groupEscalation',
  OVERDUE: 'groupOverdue',
  DUE_TODAY: 'groupDueToday',
  DUE_SOON: 'groupDueSoon',
  TASK_OPENED: 'groupOpened',
  // Reviews and extension requests are told in the app only: no email delivery is ever made for them.
  REVIEW: 'groupOpened',
  CORRECTIVE_ACTION: 'groupActions',
};
