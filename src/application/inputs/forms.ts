/**
 * The shapes of the use-case inputs that come from outside (spec sections 3 and 5), as class-validator classes. They
 * check types and value sets only; the rules of what the values mean stay in src/domain.
 */
import {
  Allow,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { PAYOUT_METHOD_TYPES, PERIODS, type PayoutMethod, type Period } from '../../domain/entities';
import { CURRENCIES, type Currency } from '../../domain/money';

/** CreateSubscription and EditSubscription: the subscription form. */
export class SubscriptionFormInput {
  @IsOptional() @IsInt() @Min(1) id?: number;
  @IsInt() @Min(1) channelId!: number;
  @IsString() name!: string;
  @IsString() description!: string;
  @IsIn(PERIODS) period!: Period;
  @IsOptional() @IsIn(PERIODS) prevPeriod?: Period;
  @IsIn(CURRENCIES) currency!: Currency;
  /** As typed (decimal text): its bounds are a domain rule. */
  @IsString() amount!: string;
  @IsString() buttonText!: string;
  /** The free trial's days: which lengths exist is a domain rule (src/domain/trial.ts). */
  @IsOptional() @IsInt() @Min(0) trialDays?: number;
  @IsString() command!: string;
  @IsBoolean() publish!: boolean;
  @IsBoolean() disableNotification!: boolean;
  @IsBoolean() pin!: boolean;
}

/** RequestDonation: the donation request form. */
export class DonationFormInput {
  @IsInt() @Min(1) channelId!: number;
  @IsString() title!: string;
  @IsString() description!: string;
  @IsIn(CURRENCIES) currency!: Currency;
  @IsString() amount!: string;
  @IsString() buttonText!: string;
  @IsBoolean() pin!: boolean;
  @IsBoolean() disableNotification!: boolean;
  /** Whole Stars as typed: its limits are a domain rule. */
  @IsOptional() @IsString() stars?: string;
  @IsString() goal!: string;
  @IsString() endsOn!: string;
}

/** SaveWithdrawalAccount: the payout form. */
export class PayoutFormInput {
  @IsString() @Length(2, 2) countryCodeIso2!: string;
  @IsString() @Length(3, 3) countryCodeIso3!: string;
  @IsIn(CURRENCIES) currency!: Currency;
  @IsIn(PAYOUT_METHOD_TYPES) methodType!: PayoutMethod;
  @IsOptional() @IsString() bankExternalId?: string;
  @IsOptional() @IsString() bankName?: string;
  /** Field values by name; which are required and what they must look like is the catalog's rule. */
  @IsObject() fields!: Record<string, string>;
}

export class PaymentTargetInput {
  @IsIn(['subscription', 'donation']) kind!: 'subscription' | 'donation';
  @ValidateIf((target: PaymentTargetInput) => target.kind === 'subscription') @IsInt() @Min(1) subscriptionId?: number;
  @ValidateIf((target: PaymentTargetInput) => target.kind === 'donation') @IsInt() @Min(1) donationId?: number;
  /** The donor's amount (Money); its bounds are a domain rule. */
  @ValidateIf((target: PaymentTargetInput) => target.kind === 'donation') @IsObject() amount?: object;
  /** A promo code for a subscription (checked by the server: src/domain/promo.ts). */
  @IsOptional() @IsString() promoCode?: string;
  /** One period for someone else (server/modules/gifts). */
  @IsOptional() @IsBoolean() gift?: boolean;
}

export class CardDetailsInput {
  @IsString() @IsNotEmpty() number!: string;
  @IsOptional() @IsString() holderName?: string;
  @IsOptional() @IsString() expiryMonth?: string;
  @IsOptional() @IsString() expiryYear?: string;
  @IsOptional() @IsString() cvc?: string;
  @IsOptional() @IsString() postalCode?: string;
}

export class PaymentMethodChoiceInput {
  @IsIn(['new_card', 'saved_card', 'link']) kind!: 'new_card' | 'saved_card' | 'link';
  @ValidateIf((method: PaymentMethodChoiceInput) => method.kind === 'saved_card') @IsInt() @Min(1) cardId?: number;
  @ValidateIf((method: PaymentMethodChoiceInput) => method.kind === 'new_card') @IsBoolean() saveCard?: boolean;
  @ValidateIf((method: PaymentMethodChoiceInput) => method.kind === 'new_card')
  @ValidateNested()
  card?: CardDetailsInput;
}

/** PayInvoice: what is paid, how, and the key of this one tap of Pay. */
export class PayInvoiceCommand {
  @ValidateNested() target!: PaymentTargetInput;
  @ValidateNested() method!: PaymentMethodChoiceInput;
  @IsString() @IsNotEmpty() idempotencyKey!: string;
  /** Not data: cancels the polls. */
  @Allow() signal?: AbortSignal;
}
