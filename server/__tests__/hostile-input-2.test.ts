import { describeHostileInput } from '../testing/hostile-input';

describeHostileInput({ part: 2, of: 2 });
