/** The bot's texts in French (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const fr: BotTexts = {
  commandStart: 'Ouvrir Backers',
  commandHelp: 'Comment fonctionne Backers',
  menuButton: 'Ouvrir',
  start:
    'Backers permet aux créateurs de canaux de gagner de l’argent grâce aux abonnements payants et aux dons. Ouvrez l’application pour commencer.',
  startButton: 'Ouvrir Backers',
  startWithLink: 'Appuyez sur le bouton pour continuer dans Backers.',
  help: 'Créateurs : ajoutez ce bot à votre canal en tant qu’administrateur, puis créez un abonnement dans l’application.\nAbonnés : payez avec le bouton sous un message, ou envoyez la commande d’un abonnement, comme $vip, pour recevoir sa facture.\n/start ouvre l’application.',
  subscriptionOffer: '{name} sur {channel}',
  subscriptionButton: 'S’abonner',
  unknownCommand: 'Aucun abonnement ne correspond à cette commande. Vérifiez-la auprès du créateur du canal.',
  payoutFailed:
    'Votre versement de {amount} n’a pas abouti : {reason}. L’argent est revenu sur votre solde et partira au prochain jour de versement. Vérifiez vos infos de versement dans l’application.',
  payoutFailureReasons: {
    account_details: 'les infos de versement ont été refusées, vérifiez-les dans les paramètres de versement',
    declined: 'la banque du destinataire l’a refusé',
    card: 'la carte de versement n’est plus utilisable, ajoutez-la de nouveau dans les paramètres de versement',
    provider: 'le prestataire de paiement n’a pas pu l’envoyer',
  },
  adminSignIn:
    'Votre lien de connexion à la console des opérateurs Backers (à usage unique, valable 10 minutes) :\n{link}',
  adminRefused: 'Cette commande est réservée aux opérateurs de Backers.',
  moderationApproved:
    'Votre canal {channel} a été approuvé par la modération. Vous pouvez désormais y vendre des abonnements et recevoir des dons.',
  moderationRejected:
    'Votre canal {channel} n’a pas été approuvé par la modération : {reason}. Si vous avez des questions, écrivez à l’assistance.',
  renewalReminder:
    'Votre abonnement {name} sur {channel} sera renouvelé le {date} : nous débiterons {amount} sur votre carte enregistrée. Vous pouvez changer de carte ou annuler l’abonnement dans l’application.',
  renewalReminderPromo: 'Code promo {code} : {amount} au lieu de {full}.',
  renewalReminderRetention: 'Votre offre pour rester : {amount} au lieu de {full}.',
  renewalReminderButton: 'Ouvrir',
  renewalFailed:
    'Nous n’avons pas pu débiter votre carte pour {name} sur {channel}. Nous réessaierons et votre accès reste actif jusqu’au {date}. Payez avec une autre carte pour le conserver.',
  renewalFailedButton: 'Utiliser une autre carte',
  trialReminder:
    'Votre essai gratuit de {name} sur {channel} se termine le {date}. Rien n’est prélevé automatiquement : pour rester, payez {amount} à ce moment-là, nous vous enverrons le lien. Vous pouvez annuler dans l’app.',
  trialEnded: 'Votre essai gratuit de {name} sur {channel} est terminé. Payez {amount} pour rester abonné.',
  trialEndedButton: 'S’abonner',
  identityApproved:
    'Votre identité est confirmée. Vous pouvez maintenant ajouter ce bot à vos canaux et gagner de l’argent avec les abonnements et les dons.',
  identityRejected:
    'Nous n’avons pas pu confirmer votre identité : {reason}. Si vous avez des questions, écrivez à l’assistance.',
  identityRetry: 'La vérification de votre identité n’a pas abouti : {reason}. Ouvrez l’application pour réessayer.',
  identityNoReason: 'aucun détail n’a été donné',
  paymentUnavailable: "Ce paiement n'est plus possible. Ouvrez l'application pour voir l'offre actuelle.",
  goalOf: '{raised} sur {goal}',
  goalRaised: '{raised} collectés',
  goalCount: 'dons : {count}',
  goalEnds: 'se termine le {date}',
  goalEnded: 'terminée',
  goalReached: 'objectif atteint',
  goalReachedNotice: 'Votre appel aux dons {name} sur {channel} a atteint son objectif : {raised} sur {goal}.',
  goalEndedNotice:
    'Votre appel aux dons {name} sur {channel} est terminé avec {raised} collectés. Il accepte toujours les dons, et la publication indique désormais qu’il est terminé.',
  paymentPriceChanged: "Le prix a changé. Rouvrez la facture dans l'application pour voir le nouveau prix.",
  giftRefunded:
    'Votre cadeau {name} dans {channel} n’a pas été accepté sous 30 jours : nous avons remboursé {amount} sur votre carte.',
  giftRefundedUnavailable:
    'Votre cadeau {name} dans {channel} ne peut plus être accepté, car l’abonnement n’est plus disponible : nous avons remboursé {amount} sur votre carte.',
  giftAccepted: '{recipient} a accepté votre cadeau {name} dans {channel}.',
  giftTakenBack:
    'Le cadeau {name} dans {channel} que vous avez accepté a été remboursé à la personne qui l’a offert : le temps non utilisé est retiré. Votre accès est désormais valable jusqu’au {date}.',
};
