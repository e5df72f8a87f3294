/** The bot's texts in Turkish (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const tr: BotTexts = {
  commandStart: "Backers'ı aç",
  commandHelp: 'Backers nasıl çalışır',
  menuButton: 'Aç',
  start:
    'Backers, kanal içerik üreticilerinin ücretli abonelikler ve bağışlarla kazanç elde etmesini sağlar. Başlamak için uygulamayı açın.',
  startButton: "Backers'ı aç",
  startWithLink: "Backers'ta devam etmek için düğmeye dokunun.",
  help: 'İçerik üreticileri: Bu botu kanalınıza yönetici olarak ekleyin, ardından uygulamada bir abonelik oluşturun.\nTakipçiler: Bir gönderinin altındaki düğmeyle ödeme yapın veya faturasını almak için $vip gibi bir abonelik komutu gönderin.\n/start uygulamayı açar.',
  subscriptionOffer: '{channel} kanalında {name}',
  subscriptionButton: 'Abone ol',
  unknownCommand: 'Bu komutla eşleşen bir abonelik yok. Doğru komutu kanalın içerik üreticisine sorun.',
  payoutFailed:
    '{amount} tutarındaki kazanç ödemeniz gerçekleşmedi: {reason}. Para bakiyenize geri döndü ve bir sonraki ödeme gününde gönderilecek. Uygulamadaki ödeme alma bilgilerinizi kontrol edin.',
  payoutFailureReasons: {
    account_details: 'ödeme alma bilgileri reddedildi, bunları ödeme alma ayarlarından kontrol edin',
    declined: 'alıcının bankası ödemeyi reddetti',
    card: 'ödeme alınan kart artık kullanılamıyor, kartı ödeme alma ayarlarından yeniden ekleyin',
    provider: 'ödeme sağlayıcısı ödemeyi gönderemedi',
  },
  adminSignIn: 'Backers operatör konsolu giriş bağlantınız (tek kullanımlık, 10 dakika geçerli):\n{link}',
  adminRefused: 'Bu komut yalnızca Backers operatörleri içindir.',
  moderationApproved:
    '{channel} kanalınız incelemeden geçti. Artık bu kanalda abonelik satabilir ve bağış alabilirsiniz.',
  moderationRejected: '{channel} kanalınız incelemeden geçemedi: {reason}. Sorularınız varsa destek ekibine yazın.',
  renewalReminder:
    '{channel} kanalındaki {name} aboneliğiniz {date} tarihinde yenilenecek ve kayıtlı kartınızdan {amount} tahsil edilecek. Kartı değiştirmek ya da aboneliği iptal etmek isterseniz bunu uygulamadan yapabilirsiniz.',
  renewalReminderPromo: '{code} promosyon kodu: {full} yerine {amount}.',
  renewalReminderRetention: 'Kalma teklifiniz: {full} yerine {amount}.',
  renewalReminderButton: 'Aç',
  renewalFailed:
    '{channel} kanalındaki {name} aboneliğiniz için kartınızdan ödeme alınamadı. Tekrar deneyeceğiz; erişiminiz {date} tarihine kadar devam edecek. Erişiminizi kaybetmemek için başka bir kartla ödeme yapın.',
  renewalFailedButton: 'Başka kartla öde',
  trialReminder:
    '{channel} kanalındaki {name} aboneliğinin ücretsiz deneme süresi {date} tarihinde bitiyor. Otomatik olarak hiçbir ücret alınmaz: devam etmek için o zaman {amount} ödeyin, bağlantıyı göndereceğiz. Uygulamadan iptal edebilirsiniz.',
  trialEnded:
    '{channel} kanalındaki {name} aboneliğinin ücretsiz deneme süresi sona erdi. Abone kalmak için {amount} ödeyin.',
  trialEndedButton: 'Abone ol',
  identityApproved:
    'Kimliğiniz doğrulandı. Artık bu botu kanallarınıza ekleyip abonelikler ve bağışlarla kazanç elde edebilirsiniz.',
  identityRejected: 'Kimliğinizi doğrulayamadık: {reason}. Sorularınız varsa destek ekibine yazın.',
  identityRetry: 'Kimlik doğrulamanız başarısız oldu: {reason}. Tekrar denemek için uygulamayı açın.',
  identityNoReason: 'ayrıntı verilmedi',
  paymentUnavailable: 'Bu ödeme artık yapılamıyor. Güncel teklifi görmek için uygulamayı açın.',
  goalOf: '{raised} / {goal}',
  goalRaised: '{raised} toplandı',
  goalCount: 'bağış: {count}',
  goalEnds: 'bitiş {date}',
  goalEnded: 'sona erdi',
  goalReached: 'hedefe ulaşıldı',
  goalReachedNotice: '{channel} kanalındaki {name} bağış isteğiniz hedefine ulaştı: {raised} / {goal}.',
  goalEndedNotice:
    '{channel} kanalındaki {name} bağış isteğiniz {raised} toplanarak sona erdi. Bağış almaya devam ediyor ve gönderide artık sona erdiği görünüyor.',
  paymentPriceChanged: 'Fiyat değişti. Yeni fiyatı görmek için faturayı uygulamada yeniden açın.',
  giftRefunded:
    '{channel} kanalındaki {name} hediyeniz 30 gün içinde kabul edilmedi, bu yüzden {amount} kartınıza iade edildi.',
  giftRefundedUnavailable:
    '{channel} kanalındaki {name} hediyeniz artık kabul edilemez çünkü abonelik artık mevcut değil, bu yüzden {amount} kartınıza iade edildi.',
  giftAccepted: '{recipient}, {channel} kanalındaki {name} hediyenizi kabul etti.',
  giftTakenBack:
    'Kabul ettiğiniz {channel} kanalındaki {name} hediyesi, hediye edene iade edildi; bu yüzden kullanılmayan süre geri alındı. Erişiminiz artık {date} tarihine kadar geçerli.',
};
