/** The bot's texts in Indonesian (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const id: BotTexts = {
  commandStart: 'Buka Backers',
  commandHelp: 'Cara kerja Backers',
  menuButton: 'Buka',
  start:
    'Backers membantu pembuat kanal mendapatkan penghasilan dari langganan berbayar dan donasi. Buka aplikasi untuk memulai.',
  startButton: 'Buka Backers',
  startWithLink: 'Ketuk tombol untuk melanjutkan di Backers.',
  help: 'Pembuat kanal: tambahkan bot ini ke kanal Anda sebagai administrator, lalu buat langganan di aplikasi.\nPengikut: bayar dengan tombol di bawah postingan, atau kirim perintah langganan seperti $vip untuk mendapatkan tagihannya.\n/start membuka aplikasi.',
  subscriptionOffer: '{name} di {channel}',
  subscriptionButton: 'Berlangganan',
  unknownCommand: 'Tidak ada langganan dengan perintah ini. Tanyakan kepada pembuat kanal.',
  payoutFailed:
    'Pembayaran {amount} Anda tidak berhasil: {reason}. Dananya sudah kembali ke saldo Anda dan akan dikirim pada hari pembayaran berikutnya. Periksa detail pembayaran Anda di aplikasi.',
  payoutFailureReasons: {
    account_details: 'detail pembayaran ditolak, periksa di pengaturan pembayaran',
    declined: 'bank penerima menolaknya',
    card: 'kartu pembayaran tidak bisa digunakan lagi, tambahkan lagi di pengaturan pembayaran',
    provider: 'penyedia pembayaran tidak dapat mengirimnya',
  },
  adminSignIn: 'Tautan masuk Anda ke konsol operator Backers (sekali pakai, berlaku 10 menit):\n{link}',
  adminRefused: 'Perintah ini hanya untuk operator Backers.',
  moderationApproved:
    'Kanal {channel} Anda lolos moderasi. Sekarang Anda dapat menjual langganan dan menerima donasi di sana.',
  moderationRejected: 'Kanal {channel} Anda tidak lolos moderasi: {reason}. Hubungi dukungan jika ada pertanyaan.',
  renewalReminder:
    'Langganan {name} Anda di {channel} diperpanjang pada {date}: {amount} akan ditagihkan ke kartu tersimpan Anda. Anda dapat mengganti kartu atau membatalkan langganan di aplikasi.',
  renewalReminderPromo: 'Kode promo {code}: {amount}, bukan {full}.',
  renewalReminderRetention: 'Penawaran bertahan Anda: {amount}, bukan {full}.',
  renewalReminderButton: 'Buka',
  renewalFailed:
    'Kami tidak dapat menagih kartu Anda untuk {name} di {channel}. Kami akan mencoba lagi, dan akses Anda tetap aktif hingga {date}. Bayar dengan kartu lain agar akses tidak hilang.',
  renewalFailedButton: 'Bayar dengan kartu lain',
  trialReminder:
    'Uji coba gratis {name} Anda di {channel} berakhir pada {date}. Tidak ada tagihan otomatis: untuk tetap berlangganan, bayar {amount} saat itu, kami akan mengirim tautannya. Anda dapat membatalkan di aplikasi.',
  trialEnded: 'Uji coba gratis {name} Anda di {channel} telah berakhir. Bayar {amount} untuk tetap berlangganan.',
  trialEndedButton: 'Berlangganan',
  identityApproved:
    'Identitas Anda sudah dikonfirmasi. Sekarang Anda dapat menambahkan bot ini ke kanal Anda dan mendapatkan penghasilan dari langganan dan donasi.',
  identityRejected: 'Kami tidak dapat mengonfirmasi identitas Anda: {reason}. Hubungi dukungan jika ada pertanyaan.',
  identityRetry: 'Verifikasi identitas Anda tidak lolos: {reason}. Buka aplikasi untuk mencoba lagi.',
  identityNoReason: 'tidak ada rincian yang diberikan',
  paymentUnavailable: 'Pembayaran ini tidak dapat dilakukan lagi. Buka aplikasi untuk melihat penawaran saat ini.',
  goalOf: '{raised} dari {goal}',
  goalRaised: '{raised} terkumpul',
  goalCount: 'donasi: {count}',
  goalEnds: 'berakhir {date}',
  goalEnded: 'telah berakhir',
  goalReached: 'target tercapai',
  goalReachedNotice: 'Permintaan donasi {name} di {channel} telah mencapai targetnya: {raised} dari {goal}.',
  goalEndedNotice:
    'Permintaan donasi {name} di {channel} telah berakhir dengan {raised} terkumpul. Donasi masih diterima, dan postingannya kini menunjukkan bahwa penggalangan telah berakhir.',
  paymentPriceChanged: 'Harganya sudah berubah. Buka lagi tagihan di aplikasi untuk melihat harga baru.',
  giftRefunded:
    'Hadiah {name} Anda di {channel} tidak diterima dalam 30 hari, jadi kami mengembalikan {amount} ke kartu Anda.',
  giftRefundedUnavailable:
    'Hadiah {name} Anda di {channel} tidak bisa diterima lagi karena langganannya sudah tidak tersedia, jadi kami mengembalikan {amount} ke kartu Anda.',
  giftAccepted: '{recipient} telah menerima hadiah {name} Anda di {channel}.',
  giftTakenBack:
    'Hadiah {name} di {channel} yang Anda terima telah dikembalikan dananya kepada pemberinya, jadi waktu yang belum terpakai ditarik kembali. Akses Anda kini berlaku hingga {date}.',
};
