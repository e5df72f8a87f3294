/** The bot's texts in Arabic (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const ar: BotTexts = {
  commandStart: 'فتح Backers',
  commandHelp: 'كيف يعمل Backers',
  menuButton: 'فتح',
  start: 'يتيح Backers لصنّاع المحتوى الربح من قنواتهم عبر الاشتراكات المدفوعة والتبرعات. افتح التطبيق للبدء.',
  startButton: 'فتح Backers',
  startWithLink: 'اضغط على الزر للمتابعة في Backers.',
  help: 'لصنّاع المحتوى: أضف هذا البوت مشرفًا في قناتك، ثم أنشئ اشتراكًا في التطبيق.\nللمتابعين: ادفع بالزر الموجود أسفل المنشور، أو أرسل أمر الاشتراك مثل $vip لتحصل على فاتورته.\n/start يفتح التطبيق.',
  subscriptionOffer: '{name} في قناة {channel}',
  subscriptionButton: 'اشترك',
  unknownCommand: 'لا يوجد اشتراك بهذا الأمر. تأكّد منه لدى صانع محتوى القناة.',
  payoutFailed:
    'تعذّر صرف أرباحك البالغة {amount}: {reason}. عادت الأموال إلى رصيدك وستُصرف في موعد الصرف التالي. تحقّق من بيانات الصرف في التطبيق.',
  payoutFailureReasons: {
    account_details: 'رُفضت بيانات الصرف، تحقق منها في إعدادات الصرف',
    declined: 'رفض بنك المستلم العملية',
    card: 'لم يعد من الممكن استخدام بطاقة الصرف، أضفها من جديد في إعدادات الصرف',
    provider: 'تعذّر على مزوّد الدفع إرسالها',
  },
  adminSignIn: 'رابط تسجيل دخولك إلى لوحة تحكم مشغّلي Backers (صالح لمرة واحدة ولمدة 10 دقائق):\n{link}',
  adminRefused: 'هذا الأمر مخصّص لمشغّلي Backers فقط.',
  moderationApproved: 'اجتازت قناتك {channel} المراجعة. يمكنك الآن بيع الاشتراكات وتلقّي التبرعات فيها.',
  moderationRejected: 'لم تجتز قناتك {channel} المراجعة: {reason}. إذا كانت لديك أسئلة، فراسل الدعم.',
  renewalReminder:
    'سيتجدد اشتراكك {name} في قناة {channel} بتاريخ {date}، وسيُخصم {amount} من بطاقتك المحفوظة. يمكنك تغيير البطاقة أو إلغاء الاشتراك في التطبيق.',
  renewalReminderPromo: 'رمز الخصم {code}: {amount} بدلًا من {full}.',
  renewalReminderRetention: 'عرض البقاء الخاص بك: {amount} بدلًا من {full}.',
  renewalReminderButton: 'فتح',
  renewalFailed:
    'تعذّر الخصم من بطاقتك مقابل اشتراك {name} في قناة {channel}. سنحاول مرة أخرى، ويبقى وصولك متاحًا حتى {date}. ادفع ببطاقة أخرى للحفاظ عليه.',
  renewalFailedButton: 'ادفع ببطاقة أخرى',
  trialReminder:
    'تنتهي تجربتك المجانية لاشتراك {name} في قناة {channel} بتاريخ {date}. لن يُخصم أي مبلغ تلقائيًا: للبقاء، ادفع {amount} حينها وسنرسل لك الرابط. يمكنك الإلغاء في التطبيق.',
  trialEnded: 'انتهت تجربتك المجانية لاشتراك {name} في قناة {channel}. ادفع {amount} للبقاء مشتركًا.',
  trialEndedButton: 'اشترك',
  identityApproved: 'تم تأكيد هويتك. يمكنك الآن إضافة هذا البوت إلى قنواتك وكسب المال من الاشتراكات والتبرعات.',
  identityRejected: 'لم نتمكن من تأكيد هويتك: {reason}. إذا كانت لديك أسئلة، فراسل الدعم.',
  identityRetry: 'لم تجتز عملية التحقق من هويتك: {reason}. افتح التطبيق لتحاول مرة أخرى.',
  identityNoReason: 'لم تُذكر تفاصيل',
  paymentUnavailable: 'لم يعد بالإمكان إتمام هذه الدفعة. افتح التطبيق لترى العرض المتاح الآن.',
  goalOf: '{raised} من {goal}',
  goalRaised: 'جُمع {raised}',
  goalCount: 'التبرعات: {count}',
  goalEnds: 'ينتهي {date}',
  goalEnded: 'انتهى',
  goalReached: 'تحقق الهدف',
  goalReachedNotice: 'وصل طلب التبرع {name} في {channel} إلى هدفه: {raised} من {goal}.',
  goalEndedNotice:
    'انتهى طلب التبرع {name} في {channel} وقد جُمع {raised}. لا يزال يقبل التبرعات، ومنشوره يُظهر الآن أنه انتهى.',
  paymentPriceChanged: 'تغيّر السعر. افتح الفاتورة مجددًا في التطبيق لترى السعر الجديد.',
  giftRefunded: 'لم تُقبل هديتك {name} في {channel} خلال 30 يومًا، لذلك أعدنا {amount} إلى بطاقتك.',
  giftRefundedUnavailable:
    'لم يعد بالإمكان قبول هديتك {name} في {channel} لأن الاشتراك لم يعد متاحًا، لذلك أعدنا {amount} إلى بطاقتك.',
  giftAccepted: 'قبل {recipient} هديتك {name} في {channel}.',
  giftTakenBack:
    'أُعيد ثمن هدية {name} في {channel} التي قبلتها إلى من أهداها، لذلك أُلغي الوقت غير المستخدم منها. يستمر وصولك الآن حتى {date}.',
};
