// Shared components: import from here in screens.
export { Avatar, initials } from './Avatar';
export { Badge } from './Badge';
export { Button, type ButtonMode } from './Button';
export { CardDisplay } from './CardDisplay';
export { Cell, type CellProps } from './Cell';
export { CollapsibleText } from './CollapsibleText';
export { EmptyState } from './EmptyState';
export { Icon, type IconName } from './Icon';
export { InfiniteList } from './InfiniteList';
export { AmountInput, NumberInput, currencyLabel } from './NumberInput';
export { Placeholder } from './Placeholder';
export { Section } from './Section';
export { type Segment, SegmentedControl } from './SegmentedControl';
export { Spinner } from './Spinner';
export { Checkbox, Switch } from './Switch';
export { TextArea } from './TextArea';
export { TextInput } from './TextInput';
