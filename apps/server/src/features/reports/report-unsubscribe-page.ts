import type { ReportKind } from '@rtms/shared/schemas/report-subscriptions';
import type { EmailLanguage } from '../notifications/email-messages';
import { fill } from '../notifications/email-messages';
import { confirmForm, linkPage, pageParagraph } from '../notifications/unsubscribe-page';

/** The page's texts; `{report}` is the report's name. */
const TEXTS: Record<
  EmailLanguage,
  { title: string; confirm: string; done: string; manage: string; SCORECARD: string; TREND: string }
> = {
  en: {
    title: 'Stop a scheduled report',
    confirm: 'Stop sending me the {report}',
    done: 'The scheduled {report} is stopped: you will no longer receive it by email.',
    manage: 'You can resume it or schedule another on the Reports page.',
    SCORECARD: 'scorecard',
    TREND: 'trend report',
  },
  es: {
    title: 'Detener un informe programado',
    confirm: 'Dejar de enviarme el {report}',
    done: 'El {report} programado se ha detenido: ya no lo recibirá por correo.',
    manage: 'Puede reanudarlo o programar otro en la página Informes.',
    SCORECARD: 'cuadro de mando',
    TREND: 'informe de tendencia',
  },
  zh: {
    title: '停止定期报表',
    confirm: '不再向我发送{report}',
    done: '定期{report}已停止：您将不再通过邮件收到它。',
    manage: '您可以在“报表”页面恢复它或安排其他报表。',
    SCORECARD: '记分卡',
    TREND: '趋势报表',
  },
  fr: {
    title: 'Arrêter un rapport programmé',
    confirm: 'Ne plus m’envoyer le {report}',
    done: 'Le {report} programmé est arrêté : vous ne le recevrez plus par e-mail.',
    manage: 'Vous pouvez le reprendre ou en programmer un autre sur la page Rapports.',
    SCORECARD: 'tableau de bord',
    TREND: 'rapport de tendance',
  },
  it: {
    title: 'Interrompere un report pianificato',
    confirm: 'Non inviarmi più il {report}',
    done: 'Il {report} pianificato è interrotto: non lo riceverai più via email.',
    manage: 'Puoi riprenderlo o pianificarne un altro nella pagina Report.',
    SCORECARD: 'report di valutazione',
    TREND: 'report di andamento',
  },
  ar: {
    title: 'إيقاف تقرير مجدول',
    confirm: 'أوقف إرسال {report} إليّ',
    done: 'تم إيقاف {report} المجدول: لن يصلك بالبريد الإلكتروني بعد الآن.',
    manage: 'يمكنك استئنافه أو جدولة تقرير آخر من صفحة التقارير.',
    SCORECARD: 'بطاقة الأداء',
    TREND: 'تقرير الاتجاه',
  },
};

/**
 * The page behind a scheduled report's unsubscribe link, in its recipient's language: a button that stops it
 * (mail scanners follow links and must not stop anything), or the word that it is stopped.
 */
export function reportUnsubscribePage(options: {
  action: string;
  stopped: boolean;
  report: ReportKind;
  language: EmailLanguage;
  appName: string;
}): string {
  const texts = TEXTS[options.language];
  const report = texts[options.report];
  const body = options.stopped
    ? pageParagraph(fill(texts.done, { report })) + pageParagraph(texts.manage, true)
    : confirmForm(options.action, fill(texts.confirm, { report })) + pageParagraph(texts.manage, true);
  return linkPage(options.language, options.appName, texts.title, body);
}
