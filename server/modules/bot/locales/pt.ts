/** The bot's texts in Portuguese (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const pt: BotTexts = {
  commandStart: 'Abrir o Backers',
  commandHelp: 'Como o Backers funciona',
  menuButton: 'Abrir',
  start: 'Com o Backers, criadores de canais ganham dinheiro com assinaturas pagas e doações. Abra o app para começar.',
  startButton: 'Abrir o Backers',
  startWithLink: 'Toque no botão para continuar no Backers.',
  help: 'Criadores: adicione este bot ao seu canal como administrador e depois crie uma assinatura no app.\nSeguidores: pague pelo botão abaixo de uma publicação ou envie o comando de uma assinatura, como $vip, para receber a fatura.\n/start abre o app.',
  subscriptionOffer: '{name} no canal {channel}',
  subscriptionButton: 'Assinar',
  unknownCommand: 'Nenhuma assinatura tem este comando. Confirme com o criador do canal.',
  payoutFailed:
    'Seu repasse de {amount} não foi concluído: {reason}. O dinheiro voltou para o seu saldo e será enviado no próximo dia de repasse. Confira seus dados de repasse no app.',
  payoutFailureReasons: {
    account_details: 'os dados de repasse foram recusados, confira-os nas configurações de repasse',
    declined: 'o banco do destinatário o recusou',
    card: 'o cartão de repasse não pode mais ser usado, adicione-o de novo nas configurações de repasse',
    provider: 'o provedor de pagamentos não conseguiu enviá-lo',
  },
  adminSignIn: 'Seu link de acesso ao console de operadores do Backers (uso único, válido por 10 minutos):\n{link}',
  adminRefused: 'Este comando é só para operadores do Backers.',
  moderationApproved:
    'Seu canal {channel} foi aprovado na moderação. Agora você pode vender assinaturas e receber doações nele.',
  moderationRejected:
    'Seu canal {channel} não foi aprovado na moderação: {reason}. Se tiver dúvidas, escreva para o suporte.',
  renewalReminder:
    'Sua assinatura {name} no canal {channel} será renovada em {date}: vamos cobrar {amount} no seu cartão salvo. Você pode trocar o cartão ou cancelar a assinatura no app.',
  renewalReminderPromo: 'Código promocional {code}: {amount} em vez de {full}.',
  renewalReminderRetention: 'Sua oferta para ficar: {amount} em vez de {full}.',
  renewalReminderButton: 'Abrir',
  renewalFailed:
    'Não conseguimos cobrar seu cartão pela assinatura {name} no canal {channel}. Vamos tentar de novo, e seu acesso continua até {date}. Pague com outro cartão para não perdê-lo.',
  renewalFailedButton: 'Pagar com outro cartão',
  trialReminder:
    'Seu teste gratuito de {name} em {channel} termina em {date}. Nada é cobrado automaticamente: para continuar, pague {amount} nessa data e enviaremos o link. Você pode cancelar no app.',
  trialEnded: 'Seu teste gratuito de {name} em {channel} terminou. Pague {amount} para continuar assinante.',
  trialEndedButton: 'Assinar',
  identityApproved:
    'Sua identidade foi confirmada. Agora você pode adicionar este bot aos seus canais e ganhar com assinaturas e doações.',
  identityRejected: 'Não conseguimos confirmar sua identidade: {reason}. Se tiver dúvidas, escreva para o suporte.',
  identityRetry: 'Sua verificação de identidade não foi aprovada: {reason}. Abra o app para tentar de novo.',
  identityNoReason: 'nenhum detalhe foi informado',
  paymentUnavailable: 'Este pagamento não pode mais ser feito. Abra o app para ver a oferta atual.',
  goalOf: '{raised} de {goal}',
  goalRaised: '{raised} arrecadados',
  goalCount: 'doações: {count}',
  goalEnds: 'termina em {date}',
  goalEnded: 'encerrada',
  goalReached: 'meta atingida',
  goalReachedNotice: 'Seu pedido de doações {name} em {channel} atingiu a meta: {raised} de {goal}.',
  goalEndedNotice:
    'Seu pedido de doações {name} em {channel} foi encerrado com {raised} arrecadados. Ele continua aceitando doações, e a publicação agora mostra que foi encerrado.',
  paymentPriceChanged: 'O preço mudou. Abra a fatura de novo no app para ver o novo preço.',
  giftRefunded: 'Seu presente {name} em {channel} não foi aceito em 30 dias, então devolvemos {amount} ao seu cartão.',
  giftRefundedUnavailable:
    'Seu presente {name} em {channel} não pode mais ser aceito porque a assinatura não está mais disponível, então devolvemos {amount} ao seu cartão.',
  giftAccepted: '{recipient} aceitou seu presente {name} em {channel}.',
  giftTakenBack:
    'O presente {name} em {channel} que você aceitou foi reembolsado a quem o deu, então o tempo ainda não usado foi retirado. Seu acesso agora vale até {date}.',
};
