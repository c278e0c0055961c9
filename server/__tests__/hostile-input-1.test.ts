import { describeHostileInput } from '../testing/hostile-input';

describeHostileInput({ part: 1, of: 2 });
