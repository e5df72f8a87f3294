/** The bot's texts in Korean (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const ko: BotTexts = {
  commandStart: 'Backers 열기',
  commandHelp: 'Backers 이용 방법',
  menuButton: '열기',
  start: 'Backers에서 채널 크리에이터는 유료 구독과 후원으로 수익을 올릴 수 있습니다. 앱을 열어 시작하세요.',
  startButton: 'Backers 열기',
  startWithLink: '버튼을 탭해 Backers에서 계속 진행하세요.',
  help: '크리에이터: 이 봇을 채널 관리자로 추가한 다음 앱에서 구독을 만드세요.\n구독자: 게시물 아래 버튼으로 결제하거나, $vip 같은 구독 명령어를 보내 청구서를 받으세요.\n/start 명령어로 앱을 열 수 있습니다.',
  subscriptionOffer: '{channel}의 {name}',
  subscriptionButton: '구독하기',
  unknownCommand: '이 명령어에 해당하는 구독이 없습니다. 채널 크리에이터에게 확인해 주세요.',
  payoutFailed:
    '{amount} 정산에 실패했습니다. 사유: {reason}. 금액은 잔액으로 돌아왔으며 다음 정산일에 송금됩니다. 앱에서 정산 정보를 확인하세요.',
  payoutFailureReasons: {
    account_details: '정산 정보가 거부되었습니다. 정산 설정에서 확인하세요',
    declined: '수취인 은행이 거절했습니다',
    card: '정산 카드를 더 이상 사용할 수 없습니다. 정산 설정에서 다시 추가하세요',
    provider: '결제 대행사가 송금하지 못했습니다',
  },
  adminSignIn: 'Backers 운영자 콘솔 로그인 링크입니다(1회용, 10분간 유효):\n{link}',
  adminRefused: '이 명령어는 Backers 운영자만 사용할 수 있습니다.',
  moderationApproved: '{channel} 채널이 검토를 통과했습니다. 이제 이 채널에서 구독을 판매하고 후원을 받을 수 있습니다.',
  moderationRejected:
    '{channel} 채널이 검토를 통과하지 못했습니다. 사유: {reason}. 궁금한 점이 있으면 고객 지원에 문의하세요.',
  renewalReminder:
    '{channel}의 {name} 구독이 {date}에 갱신되며, 저장된 카드로 {amount} 결제가 진행됩니다. 카드 변경이나 구독 해지는 앱에서 할 수 있습니다.',
  renewalReminderPromo: '프로모션 코드 {code}: {full} 대신 {amount}.',
  renewalReminderRetention: '유지 혜택: {full} 대신 {amount}.',
  renewalReminderButton: '열기',
  renewalFailed:
    '{channel}의 {name} 구독 요금을 카드로 결제하지 못했습니다. 다시 시도할 예정이며, {date}까지는 계속 이용할 수 있습니다. 이용을 유지하려면 다른 카드로 결제하세요.',
  renewalFailedButton: '다른 카드로 결제',
  trialReminder:
    '{channel}의 {name} 무료 체험이 {date}에 끝납니다. 자동으로 결제되는 금액은 없습니다. 계속 이용하려면 그때 {amount}을 결제하세요. 링크를 보내 드립니다. 앱에서 취소할 수 있습니다.',
  trialEnded: '{channel}의 {name} 무료 체험이 끝났습니다. 구독을 유지하려면 {amount}을 결제하세요.',
  trialEndedButton: '구독하기',
  identityApproved: '본인 인증이 완료되었습니다. 이제 이 봇을 채널에 추가하고 구독과 후원으로 수익을 올릴 수 있습니다.',
  identityRejected: '본인 확인을 완료하지 못했습니다. 사유: {reason}. 궁금한 점이 있으면 고객 지원에 문의하세요.',
  identityRetry: '본인 인증을 통과하지 못했습니다. 사유: {reason}. 앱을 열어 다시 시도하세요.',
  identityNoReason: '자세한 내용이 제공되지 않았습니다',
  paymentUnavailable: '이 결제는 더 이상 진행할 수 없습니다. 앱을 열어 현재 상품을 확인해 주세요.',
  goalOf: '{goal} 중 {raised}',
  goalRaised: '{raised} 모금',
  goalCount: '후원 {count}건',
  goalEnds: '{date} 종료',
  goalEnded: '종료됨',
  goalReached: '목표 달성',
  goalReachedNotice: '{channel}의 후원 요청 {name}이(가) 목표를 달성했습니다: {goal} 중 {raised}.',
  goalEndedNotice:
    '{channel}의 후원 요청 {name}이(가) {raised}을(를) 모으고 종료되었습니다. 후원은 계속 받을 수 있으며, 게시물에는 이제 종료되었다고 표시됩니다.',
  paymentPriceChanged: '가격이 변경되었습니다. 앱에서 청구서를 다시 열어 새 가격을 확인해 주세요.',
  giftRefunded: '{channel}의 {name} 선물이 30일 안에 수락되지 않아 {amount}을(를) 카드로 환불했습니다.',
  giftRefundedUnavailable:
    '{channel}의 {name} 구독을 더 이상 이용할 수 없어 선물을 받을 수 없으므로 {amount}을(를) 카드로 환불했습니다.',
  giftAccepted: '{recipient}님이 {channel}의 {name} 선물을 수락했습니다.',
  giftTakenBack:
    '수락하신 {channel}의 {name} 선물이 보낸 분에게 환불되어 아직 사용하지 않은 기간이 회수되었습니다. 이제 이용 기간은 {date}까지입니다.',
};
