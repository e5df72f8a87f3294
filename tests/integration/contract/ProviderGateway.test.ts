import { describeProviderGatewayContract } from '../../contract/ProviderGateway.contract';
import { HttpProviderGateway } from '../../../src/infrastructure/http/repositories/HttpProviderGateway';
import { httpSubject, sharedTestServer } from './httpFixture';

const server = sharedTestServer();
describeProviderGatewayContract('HttpProviderGateway', httpSubject(server, (_api, provider) => new HttpProviderGateway(provider)));
