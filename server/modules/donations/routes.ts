/**
 * POST /donation/request/channel/{channelId} (spec section 7): create a donation request and post it;
 * GET /donation/request/{id}: the owner's request with its progress; POST /donation/request/{id}/edit: its goal and end date.
 */
import type { FastifyPluginAsync } from 'fastify';
import type {
  DonationGoalRequest,
  DonationImageResponse,
  DonationRequestRequest,
  DonationRequestResponse,
  SetStarsPriceRequest,
  StarsPriceResponse,
} from '../../../src/contract/api';
import { channelViewDto, donationDto } from '../../platform/dto';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { validationError } from '../../platform/errors';
import { channelIdParam, errorResponses, idParam } from '../../platform/http/schemas';
import {
  DonationGoalRequestSchema,
  DonationImageResponseSchema,
  DonationRequestRequestSchema,
  DonationRequestResponseSchema,
  SetStarsPriceRequestSchema,
  StarsPriceResponseSchema,
} from '../../../src/contract/schemas';
import { DONATION_IMAGE_MAX_BYTES } from './service';

export const donationRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { donations } = deps.services;

  app.post<{ Params: { channelId: number }; Body: DonationRequestRequest }>(
    '/donation/request/channel/:channelId',
    {
      schema: {
        tags: ['donation'],
        summary: 'Create a donation request and have the bot post it (optionally pinned and silent)',
        description:
          'amount 0 lets the payer choose; any other amount must be within the donation bounds of the currency. An optional goal (major units) and end date (epoch seconds) make the post and the invoice show progress; bad ones answer 400 validation_error with field goal or endsAt and a reason (goal_invalid, goal_below, goal_above, end_date_past, end_date_too_far).',
        params: channelIdParam,
        body: DonationRequestRequestSchema,
        response: { 200: DonationRequestResponseSchema, ...errorResponses(404, 409, 502) },
      },
    },
    async (request): Promise<DonationRequestResponse> => {
      const posted = await donations.request(currentUser(request), request.params.channelId, request.body);
      return {
        channel: channelViewDto(posted.channel),
        donation: donationDto(posted.donation, { totals: posted.totals, nowMs: deps.clock.now() }),
      };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/donation/request/:id',
    {
      schema: {
        tags: ['donation'],
        summary: "The owner's donation request with its channel and, with a goal or an end date, its progress",
        params: idParam,
        response: { 200: DonationRequestResponseSchema, ...errorResponses(404) },
      },
    },
    async (request): Promise<DonationRequestResponse> => {
      const view = await donations.view(currentUser(request), request.params.id);
      return {
        channel: channelViewDto(view.channel),
        donation: donationDto(view.donation, { totals: view.totals, nowMs: deps.clock.now() }),
      };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/donation/:id/stars',
    {
      schema: {
        tags: ['donation'],
        summary: 'Its price in Telegram Stars (what its invoice offers first) and one suggested from its amount',
        params: idParam,
        response: { 200: StarsPriceResponseSchema, ...errorResponses(404) },
      },
    },
    async (request): Promise<StarsPriceResponse> => donations.starsPrice(currentUser(request), request.params.id),
  );

  app.post<{ Params: { id: number }; Body: SetStarsPriceRequest }>(
    '/donation/:id/stars',
    {
      schema: {
        tags: ['donation'],
        summary: 'Set its price in Telegram Stars (whole Stars, 1-10000), or null: not payable in Stars',
        params: idParam,
        body: SetStarsPriceRequestSchema,
        response: { 200: StarsPriceResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request): Promise<StarsPriceResponse> =>
      donations.setStarsPrice(currentUser(request), request.params.id, request.body.stars),
  );

  app.post<{ Params: { id: number }; Body: DonationGoalRequest }>(
    '/donation/request/:id/edit',
    {
      schema: {
        tags: ['donation'],
        summary: "Change a donation request's goal and end date; the bot edits its post to match",
        description:
          'Both fields are required (null: none), and at least one must stay set. Bad ones answer 400 validation_error with field goal or endsAt and a reason, as on creation; an end date left as it was may have passed.',
        params: idParam,
        body: DonationGoalRequestSchema,
        response: { 200: DonationRequestResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request): Promise<DonationRequestResponse> => {
      const edited = await donations.editGoal(currentUser(request), request.params.id, request.body);
      return {
        channel: channelViewDto(edited.channel),
        donation: donationDto(edited.donation, { totals: edited.totals, nowMs: deps.clock.now() }),
      };
    },
  );

  // The image is the raw request body (the file as it is); its type is read from its bytes, not from the header.
  app.addContentTypeParser(
    IMAGE_BODY_TYPES,
    { parseAs: 'buffer', bodyLimit: DONATION_IMAGE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.post<{ Params: { channelId: number }; Body: Buffer }>(
    '/donation/image/channel/:channelId',
    {
      bodyLimit: DONATION_IMAGE_MAX_BYTES,
      // The body is the file's bytes (a Buffer Fastify must not validate as JSON): documented, not validated.
      config: {
        openapi: {
          body: {
            mediaTypes: IMAGE_BODY_TYPES,
            schema: { type: 'string', format: 'binary', maxLength: DONATION_IMAGE_MAX_BYTES },
          },
        },
      },
      schema: {
        tags: ['donation'],
        summary:
          "Upload an image for the channel's donation requests (the body is the JPEG, PNG or WebP file, at most 5 MB)",
        description:
          'Answers the imageId to send with POST /donation/request/channel/{channelId}; the bot uploads the image to Telegram when it posts.',
        params: channelIdParam,
        consumes: IMAGE_BODY_TYPES,
        response: { 200: DonationImageResponseSchema, ...errorResponses(400, 404, 409, 413) },
      },
    },
    async (request): Promise<DonationImageResponse> => {
      if (!Buffer.isBuffer(request.body)) throw validationError('image', 'The body must be the image file');
      return donations.uploadImage(currentUser(request), request.params.channelId, new Uint8Array(request.body));
    },
  );
};

const IMAGE_BODY_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'];

export default donationRoutes;
