import type { ReportFrequency, ReportKind } from '@rtms/shared/schemas/report-subscriptions';
import type { EmailLanguage } from '../notifications/email-messages';
import { fill } from '../notifications/email-messages';

/** A scheduled report's message in the recipient's language: the report is the attachment. */
const MESSAGES: Record<
  EmailLanguage,
  {
    SCORECARD: string;
    TREND: string;
    WEEKLY: string;
    MONTHLY: string;
    subject: string;
    body: string;
    manage: string;
    stop: string;
  }
> = {
  en: {
    SCORECARD: 'Scorecard',
    TREND: 'Trend',
    WEEKLY: 'weekly',
    MONTHLY: 'monthly',
    subject: '{appName}: {report}, {from} to {to}',
    body: 'Your {frequency} {report} of the tasks due from {from} to {to} is attached, for the facilities you may see today.',
    manage: 'Change or stop your scheduled reports on the Reports page',
    stop: 'Stop this scheduled report',
  },
  es: {
    SCORECARD: 'Cuadro de mando',
    TREND: 'Tendencia',
    WEEKLY: 'semanal',
    MONTHLY: 'mensual',
    subject: '{appName}: {report}, {from} a {to}',
    body: 'Adjuntamos su {report} {frequency} de las tareas que vencen del {from} al {to}, de las instalaciones que puede ver hoy.',
    manage: 'Cambie o detenga sus informes programados en la página Informes',
    stop: 'Dejar de recibir este informe programado',
  },
  zh: {
    SCORECARD: '记分卡',
    TREND: '趋势',
    WEEKLY: '每周',
    MONTHLY: '每月',
    subject: '{appName}：{report}，{from} 至 {to}',
    body: '附件是您的{frequency}{report}，涵盖 {from} 至 {to} 到期的任务，仅包括您今天可查看的设施。',
    manage: '在“报表”页面更改或停止定期报表',
    stop: '停止接收此定期报表',
  },
  fr: {
    SCORECARD: 'Tableau de bord',
    TREND: 'Tendance',
    WEEKLY: 'hebdomadaire',
    MONTHLY: 'mensuel(le)',
    subject: '{appName} : {report}, du {from} au {to}',
    body: 'Voici en pièce jointe votre {report} {frequency} des tâches échues du {from} au {to}, pour les sites que vous pouvez voir aujourd’hui.',
    manage: 'Modifiez ou arrêtez vos rapports programmés sur la page Rapports',
    stop: 'Ne plus recevoir ce rapport programmé',
  },
  it: {
    SCORECARD: 'Scheda di valutazione',
    TREND: 'Andamento',
    WEEKLY: 'settimanale',
    MONTHLY: 'mensile',
    subject: '{appName}: {report}, dal {from} al {to}',
    body: 'In allegato il tuo report {frequency} ({report}) delle attività in scadenza dal {from} al {to}, per gli impianti che puoi vedere oggi.',
    manage: 'Modifica o interrompi i report pianificati nella pagina Report',
    stop: 'Interrompi questo report pianificato',
  },
  ar: {
    SCORECARD: 'بطاقة الأداء',
    TREND: 'الاتجاه',
    WEEKLY: 'الأسبوعي',
    MONTHLY: 'الشهري',
    subject: '{appName}: {report}، من {from} إلى {to}',
    body: 'مرفق تقرير {report} {frequency} للمهام المستحقة من {from} إلى {to}، للمنشآت التي يحق لك رؤيتها اليوم.',
    manage: 'غيّر تقاريرك المجدولة أو أوقفها من صفحة التقارير',
    stop: 'إيقاف هذا التقرير المجدول',
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function reportMail(
  language: EmailLanguage,
  values: {
    appName: string;
    report: ReportKind;
    frequency: ReportFrequency;
    from: string;
    to: string;
    link: string;
    /** The one-click unsubscribe address of this subscription (also in the List-Unsubscribe header). */
    unsubscribeUrl: string;
  },
): { subject: string; text: string; html: string } {
  const words = MESSAGES[language];
  const filled = {
    appName: values.appName,
    report: words[values.report],
    frequency: words[values.frequency],
    from: values.from,
    to: values.to,
  };
  const body = fill(words.body, filled);
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return {
    subject: fill(words.subject, filled),
    text: `${body}\n\n${words.manage}: ${values.link}\n${words.stop}: ${values.unsubscribeUrl}\n`,
    html:
      `<div dir="${dir}" lang="${language}"><p>${escapeHtml(body)}</p>` +
      `<p><a href="${escapeHtml(values.link)}">${escapeHtml(words.manage)}</a></p>` +
      `<p style="font-size:12px;color:#595959"><a href="${escapeHtml(values.unsubscribeUrl)}">${escapeHtml(words.stop)}</a></p></div>`,
  };
}
