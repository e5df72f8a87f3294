import { describeProviderGatewayContract } from '../../../contract/ProviderGateway.contract';
import { inMemorySubject } from '../../../contract/inMemoryFixture';
import { InMemoryProviderGateway } from '../../../../src/infrastructure/memory/InMemoryProviderGateway';

describeProviderGatewayContract('InMemoryProviderGateway', inMemorySubject((backend) => new InMemoryProviderGateway(backend)));
